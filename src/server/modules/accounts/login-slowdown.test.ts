import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../errors.js'
import {
  createRateLimiter,
  MemoryCounterStore,
  RATE_LIMITS,
  type CounterStore,
} from '../../http/rate-limit.js'
import { RedisCounterStore } from '../../http/rate-limit-redis.js'
import { openRedis, type Redis } from '../../lib/redis.js'
import { newCustomer, newIp, TEST_ADMIN } from '../../testing/auth.js'
import {
  dropRedisPrefix,
  redisAvailable,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '../../testing/redis.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { createLoginService } from './login.service.js'
import { manualClock } from '../../testing/clock.js'

// The login service on the store's real accounts (PGlite, or PostgreSQL with DATABASE_URL),
// with counters of its own per test and a delay that records what it was asked to wait.
let store: TestStore
beforeAll(async () => {
  store = await createTestStore()
})

const prefix = testRedisPrefix()
const withRedis = await redisAvailable()
const connections: Redis[] = []
afterAll(async () => {
  await Promise.all(connections.map((c) => c.quit()))
  if (withRedis) await dropRedisPrefix(prefix)
  await store?.close()
})

type Counters = (now: () => number) => CounterStore
const counterStores: [string, Counters][] = [['memory', (now) => new MemoryCounterStore(now)]]
if (withRedis) {
  counterStores.push([
    'Redis',
    () => {
      // A key space per test: the administrator's counters must not carry from one to the next.
      const redis = openRedis(TEST_REDIS_URL, `${prefix}${connections.length}:`)
      connections.push(redis)
      return new RedisCounterStore(redis)
    },
  ])
}

const { limit: perAddress } = RATE_LIMITS.loginAccountIp
const { limit: ceiling, stepMs, maxMs } = RATE_LIMITS.loginAccount

/** What the service answers: 'ok', or the HTTP status of its error. */
const outcome = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'ok' as const,
    (e: unknown) => (e instanceof AppError ? e.status : Promise.reject(e)),
  )

async function customer() {
  const body = newCustomer()
  await store.app.services.accounts.register(body)
  return body
}

describe.each(counterStores)('login slowdown, counters in %s', (_name, counters) => {
  function loginService(clock = manualClock()) {
    const waits: number[] = []
    const login = createLoginService(
      store.app.services.accounts,
      createRateLimiter(counters(clock.now)),
      async () => {},
      async () => {},
      { delay: async (ms) => void waits.push(ms) },
    )
    return { login, waits, clock }
  }

  it('never slows the owner because one address guessed', async () => {
    const { login, waits } = loginService()
    const owner = await customer()
    const guesser = newIp()
    for (let i = 0; i < perAddress; i++) {
      expect(await outcome(login.login({ ...owner, password: 'errada', ip: guesser }))).toBe(401)
    }
    expect(await outcome(login.login({ ...owner, ip: guesser }))).toBe(429)
    expect(await outcome(login.login({ ...owner, ip: newIp() }))).toBe('ok')
    expect(waits).toEqual([])
  })

  it('slows guesses from many addresses past the ceiling, a step more each, up to the cap', async () => {
    const { login, waits } = loginService()
    const guess = () =>
      outcome(login.adminLogin({ email: TEST_ADMIN.email, password: 'errada', ip: newIp() }))
    const guesses = ceiling + 15
    for (let i = 0; i < guesses; i++) expect(await guess()).toBe(401)
    const expected = Array.from({ length: guesses - ceiling }, (_, i) =>
      Math.min(maxMs, (i + 1) * stepMs),
    )
    expect(waits).toEqual(expected)
    expect(expected.slice(0, 2)).toEqual([1000, 2000])
    expect(Math.max(...waits)).toBe(10_000)

    // The administrator gets in from their own address, after the capped wait at most.
    waits.length = 0
    expect(await outcome(login.adminLogin({ ...TEST_ADMIN, ip: newIp() }))).toBe('ok')
    expect(waits).toEqual([maxMs])
    // Their success gives back only their own attempt: the guessers are still slowed.
    expect(await guess()).toBe(401)
    expect(waits).toEqual([maxMs, maxMs])
  })

  it('slows a parallel burst from many addresses, and refuses none of it', async () => {
    const { login, waits } = loginService()
    const owner = await customer()
    const burst = ceiling + 10
    const answers = await Promise.all(
      Array.from({ length: burst }, () =>
        outcome(login.login({ ...owner, password: 'errada', ip: newIp() })),
      ),
    )
    expect(answers.every((a) => a === 401)).toBe(true)
    expect(waits.sort((a, b) => a - b)).toEqual(
      Array.from({ length: burst - ceiling }, (_, i) => Math.min(maxMs, (i + 1) * stepMs)),
    )
  })
})

describe('login limits on a clock', () => {
  it('lets the address try again, without delay, once the window is over', async () => {
    const clock = manualClock()
    const waits: number[] = []
    const login = createLoginService(
      store.app.services.accounts,
      createRateLimiter(new MemoryCounterStore(clock.now)),
      async () => {},
      async () => {},
      { delay: async (ms) => void waits.push(ms) },
    )
    const owner = await customer()
    const guesser = newIp()
    for (let i = 0; i < ceiling + 3; i++) {
      const ip = i < perAddress ? guesser : newIp()
      await outcome(login.login({ ...owner, password: 'errada', ip }))
    }
    expect(await outcome(login.login({ ...owner, password: 'errada', ip: guesser }))).toBe(429)
    expect(waits).toHaveLength(3)
    clock.advance(RATE_LIMITS.loginAccountIp.windowMs)
    expect(await outcome(login.login({ ...owner, password: 'errada', ip: guesser }))).toBe(401)
    expect(await outcome(login.login({ ...owner, ip: guesser }))).toBe('ok')
    expect(waits).toHaveLength(3)
  })
})
