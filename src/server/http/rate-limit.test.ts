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
  addressSubject,
  createRateLimiter,
  MemoryCounterStore,
  RATE_LIMITS,
  tooManyAttempts,
  type CounterStore,
} from './rate-limit.js'
import { RedisCounterStore } from './rate-limit-redis.js'
import { manualClock } from '../testing/clock.js'

const prefix = testRedisPrefix()
const withRedis = await redisAvailable()
const redis = withRedis ? openRedis(TEST_REDIS_URL, prefix) : null
afterAll(async () => {
  await redis?.quit()
  if (withRedis) await dropRedisPrefix(prefix)
})

const stores: [string, () => CounterStore][] = [['memory', () => new MemoryCounterStore()]]
if (redis) stores.push(['redis', () => new RedisCounterStore(redis)])

const newKey = () => `k-${randomBytes(4).toString('hex')}`

describe.each(stores)('%s counters', (_name, make) => {
  it('counts within a window, which ends at most `windowMs` later', async () => {
    const store = make()
    const key = newKey()
    expect((await store.increment(key, 10_000)).count).toBe(1)
    const second = await store.increment(key, 10_000)
    expect(second.count).toBe(2)
    expect(second.resetInMs).toBeGreaterThan(0)
    expect(second.resetInMs).toBeLessThanOrEqual(10_000)
  })

  it('refunds without going below zero, and resets', async () => {
    const store = make()
    const key = newKey()
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
    const key = newKey()
    const counts = await Promise.all(Array.from({ length: 50 }, () => store.increment(key, 10_000)))
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    )
  })
})

describe('memory counters on a clock', () => {
  it('keeps a window open until its last millisecond, then starts over', async () => {
    const clock = manualClock()
    const store = new MemoryCounterStore(clock.now)
    expect(await store.increment('k', 1000)).toEqual({ count: 1, resetInMs: 1000 })
    clock.advance(999)
    expect(await store.increment('k', 1000)).toEqual({ count: 2, resetInMs: 1 })
    clock.advance(1)
    expect(await store.increment('k', 1000)).toEqual({ count: 1, resetInMs: 1000 })
  })

  it('gives a refund back only while its window is open', async () => {
    const clock = manualClock()
    const store = new MemoryCounterStore(clock.now)
    await store.increment('k', 1000)
    await store.increment('k', 1000)
    clock.advance(500)
    await store.decrement('k')
    expect((await store.increment('k', 1000)).count).toBe(2)
  })

  it('counts each key in its own window', async () => {
    const clock = manualClock()
    const store = new MemoryCounterStore(clock.now)
    await store.increment('a', 1000)
    clock.advance(600)
    expect(await store.increment('b', 1000)).toEqual({ count: 1, resetInMs: 1000 })
    clock.advance(400)
    expect((await store.increment('a', 1000)).count).toBe(1)
    expect(await store.increment('b', 1000)).toEqual({ count: 2, resetInMs: 600 })
  })
})

// Redis ends the window itself (PEXPIRE on its own clock): what the store must get right is
// that every window has that expiry, and what happens once the key is gone.
describe.skipIf(!redis)('redis counters and the window expiry', () => {
  it('gives the key the window as its expiry at the first hit, and keeps it after', async () => {
    const store = new RedisCounterStore(redis!)
    const key = newKey()
    await store.increment(key, 10_000)
    const ttl = await redis!.pttl(key)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(10_000)
    const second = await store.increment(key, 60_000)
    expect(second.resetInMs).toBeLessThanOrEqual(10_000)
  })

  it('puts an expiry back on a key that lost it', async () => {
    const store = new RedisCounterStore(redis!)
    const key = newKey()
    await store.increment(key, 10_000)
    await redis!.persist(key)
    expect(await redis!.pttl(key)).toBe(-1)
    const { count, resetInMs } = await store.increment(key, 10_000)
    expect(count).toBe(2)
    expect(resetInMs).toBe(10_000)
    expect(await redis!.pttl(key)).toBeGreaterThan(0)
  })

  it('starts over at one once the window is gone, and a late refund leaves no key', async () => {
    const store = new RedisCounterStore(redis!)
    const key = newKey()
    await store.increment(key, 10_000)
    await store.increment(key, 10_000)
    await redis!.del(key) // what Redis does when the window's expiry comes
    await store.decrement(key)
    expect(await redis!.exists(key)).toBe(0)
    expect((await store.increment(key, 10_000)).count).toBe(1)
  })
})

describe('limiter', () => {
  const refusal = (attempt: Promise<void>) =>
    attempt.then(
      () => expect.unreachable('the attempt went through'),
      (e: unknown) => e as AppError,
    )

  it('lets `limit` attempts through and refuses the next with 429 and Retry-After', async () => {
    const clock = manualClock()
    const limiter = createRateLimiter(new MemoryCounterStore(clock.now))
    const policy = { name: 't', limit: 3, windowMs: 15 * 60_000 }
    for (let i = 0; i < 3; i++) await limiter.consume(policy, 'Ana@Escola.com')
    const error = await refusal(limiter.consume(policy, 'ana@escola.com'))
    expect(error).toBeInstanceOf(AppError)
    expect(error.status).toBe(429)
    expect(error.message).toBe('Muitas tentativas. Tente novamente em 15 minutos.')
    expect(error.headers['retry-after']).toBe(String(15 * 60))
    await limiter.reset(policy, 'ANA@escola.com')
    await limiter.consume(policy, 'ana@escola.com')
  })

  it('counts down the wait it announces, and lets the subject in when the window ends', async () => {
    const clock = manualClock()
    const limiter = createRateLimiter(new MemoryCounterStore(clock.now))
    const policy = { name: 't', limit: 1, windowMs: 15 * 60_000 }
    await limiter.consume(policy, '10.0.0.1')
    clock.advance(14 * 60_000 + 30_000)
    const late = await refusal(limiter.consume(policy, '10.0.0.1'))
    expect(late.message).toBe('Muitas tentativas. Tente novamente em 1 minuto.')
    expect(late.headers['retry-after']).toBe('30')
    clock.advance(30_000)
    await limiter.consume(policy, '10.0.0.1')
  })

  it('slows past the ceiling by a step per attempt, up to the cap, and never refuses', async () => {
    const clock = manualClock()
    const limiter = createRateLimiter(new MemoryCounterStore(clock.now))
    const policy = { name: 's', limit: 2, windowMs: 60_000, stepMs: 1000, maxMs: 2500 }
    const waits = []
    for (let i = 0; i < 6; i++) waits.push(await limiter.slowdown(policy, 'ana@escola.com'))
    expect(waits).toEqual([0, 0, 1000, 2000, 2500, 2500])
    await limiter.refund(policy, 'ana@escola.com')
    expect(await limiter.slowdown(policy, 'ana@escola.com')).toBe(2500)
    clock.advance(60_000)
    expect(await limiter.slowdown(policy, 'ana@escola.com')).toBe(0)
  })

  it('says one minute in the singular, never zero', () => {
    expect(tooManyAttempts(500).message).toBe('Muitas tentativas. Tente novamente em 1 minuto.')
    expect(tooManyAttempts(500).headers['retry-after']).toBe('1')
  })
})

describe('addresses', () => {
  it('counts an IPv6 address by its /64, however it is written, and IPv4 whole', () => {
    const line = '2804:14c:5b81:8a2c::/64'
    expect(addressSubject('2804:14c:5b81:8a2c:1d3f:9e2:aa01:7')).toBe(line)
    expect(addressSubject('2804:014C:5B81:8A2C:0000:0000:0000:0001')).toBe(line)
    expect(addressSubject('2804:14c:5b81:8a2c::9')).toBe(line)
    expect(addressSubject('2804:14c:5b81:8a2d::9')).not.toBe(line)
    expect(addressSubject('2804:14c::1')).toBe('2804:14c:0:0::/64')
    expect(addressSubject('::1')).toBe('0:0:0:0::/64')
    expect(addressSubject('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64')
    expect(addressSubject('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(addressSubject('203.0.113.9')).toBe('203.0.113.9')
  })

  it('refuses one line that walks its /64, and not its neighbour', async () => {
    const limiter = createRateLimiter(new MemoryCounterStore())
    const policy = RATE_LIMITS.guestLookup
    const host = (i: number) => `2804:14c:5b81:8a2c:${i.toString(16)}::1`
    for (let i = 0; i < policy.limit; i++) await limiter.consume(policy, host(i))
    await expect(limiter.consume(policy, host(999))).rejects.toMatchObject({
      code: 'too_many_requests',
    })
    await limiter.consume(policy, '2804:14c:5b81:8a2d::1')
  })
})
