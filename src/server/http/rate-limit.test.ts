import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { AppError } from '../errors.js'
import { openRedis } from '../lib/redis.js'
import {
  dropRedisPrefix,
  redisAvailable,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '../testing/redis.js'
import {
  createRateLimiter,
  MemoryCounterStore,
  tooManyAttempts,
  type CounterStore,
} from './rate-limit.js'
import { RedisCounterStore } from './rate-limit-redis.js'

const prefix = testRedisPrefix()
const withRedis = await redisAvailable()
const redis = withRedis ? openRedis(TEST_REDIS_URL, prefix) : null
afterAll(async () => {
  await redis?.quit()
  if (withRedis) await dropRedisPrefix(prefix)
})

const stores: [string, () => CounterStore][] = [['memory', () => new MemoryCounterStore()]]
if (redis) stores.push(['redis', () => new RedisCounterStore(redis)])

describe.each(stores)('%s counters', (_name, make) => {
  it('counts within a window and starts over after it', async () => {
    const store = make()
    const key = `k-${randomBytes(4).toString('hex')}`
    expect((await store.increment(key, 200)).count).toBe(1)
    const second = await store.increment(key, 200)
    expect(second.count).toBe(2)
    expect(second.resetInMs).toBeGreaterThan(0)
    expect(second.resetInMs).toBeLessThanOrEqual(200)
    await new Promise((r) => setTimeout(r, 250))
    expect((await store.increment(key, 200)).count).toBe(1)
  })

  it('refunds without going below zero, and resets', async () => {
    const store = make()
    const key = `k-${randomBytes(4).toString('hex')}`
    await store.decrement(key)
    expect((await store.increment(key, 10_000)).count).toBe(1)
    await store.decrement(key)
    await store.decrement(key)
    expect((await store.increment(key, 10_000)).count).toBe(1)
    await store.reset(key)
    expect((await store.increment(key, 10_000)).count).toBe(1)
  })

  it('counts parallel hits exactly', async () => {
    const store = make()
    const key = `k-${randomBytes(4).toString('hex')}`
    const counts = await Promise.all(Array.from({ length: 50 }, () => store.increment(key, 10_000)))
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    )
  })
})

describe('limiter', () => {
  it('lets `limit` attempts through and refuses the next with 429 and Retry-After', async () => {
    const limiter = createRateLimiter(new MemoryCounterStore())
    const policy = { name: 't', limit: 3, windowMs: 15 * 60_000 }
    for (let i = 0; i < 3; i++) await limiter.consume(policy, 'Ana@Escola.com')
    const error = await limiter.consume(policy, 'ana@escola.com').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).status).toBe(429)
    expect((error as AppError).message).toBe('Muitas tentativas. Tente novamente em 15 minutos.')
    expect(Number((error as AppError).headers['retry-after'])).toBeGreaterThan(14 * 60)
    await limiter.reset(policy, 'ANA@escola.com')
    await limiter.consume(policy, 'ana@escola.com')
  })

  it('says one minute in the singular, never zero', () => {
    expect(tooManyAttempts(500).message).toBe('Muitas tentativas. Tente novamente em 1 minuto.')
    expect(tooManyAttempts(500).headers['retry-after']).toBe('1')
  })
})
