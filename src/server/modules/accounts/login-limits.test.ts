import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RATE_LIMITS } from '../../http/rate-limit.js'
import { login, newCustomer, newIp, TEST_ADMIN, registeredCustomer } from '../../testing/auth.js'
import {
  dropRedisPrefix,
  redisAvailable,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '../../testing/redis.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

type Answer = { statusCode: number; headers: Record<string, unknown>; json(): unknown }

function expectTooMany(res: Answer) {
  expect(res.statusCode).toBe(429)
  expect(res.json()).toEqual({
    message: expect.stringMatching(/^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/),
  })
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
}

const { limit: perAddress } = RATE_LIMITS.loginAccountIp
const { limit: perIp } = RATE_LIMITS.loginIp
// These tests stay under the account-wide ceiling, so nothing here waits for real: the
// slowdown past it is checked with an injected delay in login-slowdown.test.ts.
const { limit: ceiling } = RATE_LIMITS.loginAccount

const redisPrefix = testRedisPrefix()
const counterStores: [string, Record<string, string>][] = [['memory', {}]]
if (await redisAvailable()) {
  counterStores.push(['Redis', { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: redisPrefix }])
}

describe.each(counterStores)('login limits, counters in %s', (_name, env) => {
  let store: TestStore
  beforeAll(async () => {
    store = await createTestStore({ env })
  })
  afterAll(async () => {
    await store?.close()
    if (env.REDIS_PREFIX) await dropRedisPrefix(env.REDIS_PREFIX)
  })

  const adminLogin = (password: string, ip: string) =>
    store.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: TEST_ADMIN.email, password },
      remoteAddress: ip,
    })

  it('refuses the guessing address, while the right password works from another', async () => {
    expect(perAddress).toBeLessThan(ceiling)
    const body = await registeredCustomer(store.app)
    const guesser = newIp()
    for (let i = 0; i < perAddress; i++) {
      expect((await login(store.app, body.email, 'errada', {}, guesser)).statusCode).toBe(401)
    }
    expectTooMany(await login(store.app, body.email, 'errada', {}, guesser))
    // Even the right password, from the address that guessed: it may be the guesser's.
    expectTooMany(await login(store.app, body.email.toUpperCase(), body.password, {}, guesser))
    expect((await login(store.app, body.email, body.password, {}, newIp())).statusCode).toBe(200)
  })

  it("keeps the administrator's own login open while someone guesses at it", async () => {
    const guesser = newIp()
    for (let i = 0; i < perAddress; i++) {
      expect((await adminLogin('errada', guesser)).statusCode).toBe(401)
    }
    expectTooMany(await adminLogin('errada', guesser))
    expectTooMany(await adminLogin(TEST_ADMIN.password, guesser))
    expect((await adminLogin(TEST_ADMIN.password, newIp())).statusCode).toBe(200)
  })

  it('lets at most the limit through from a burst of parallel guesses', async () => {
    const body = await registeredCustomer(store.app)
    const guesser = newIp()
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => login(store.app, body.email, 'errada', {}, guesser)),
    )
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 401)).toHaveLength(perAddress)
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - perAddress)
    expect((await login(store.app, body.email, body.password, {}, newIp())).statusCode).toBe(200)
  })

  it("forgets an address's failures after its successful login", async () => {
    const body = await registeredCustomer(store.app)
    const ip = newIp()
    for (let i = 0; i < perAddress - 1; i++) await login(store.app, body.email, 'errada', {}, ip)
    expect((await login(store.app, body.email, body.password, {}, ip)).statusCode).toBe(200)
    for (let i = 0; i < perAddress - 1; i++) {
      expect((await login(store.app, body.email, 'errada', {}, ip)).statusCode).toBe(401)
    }
    expect((await login(store.app, body.email, body.password, {}, ip)).statusCode).toBe(200)
  })

  it('limits one IP trying many accounts, but not its successful logins', async () => {
    const ip = newIp()
    const body = await registeredCustomer(store.app)
    for (let i = 0; i < 3; i++) {
      expect((await login(store.app, body.email, body.password, {}, ip)).statusCode).toBe(200)
    }
    for (let i = 0; i < perIp; i++) {
      const res = await login(store.app, `alvo${i}@escola.com`, 'chute', {}, ip)
      expect(res.statusCode).toBe(401)
    }
    expectTooMany(await login(store.app, body.email, body.password, {}, ip))
    // Another address is not affected.
    expect((await login(store.app, body.email, body.password)).statusCode).toBe(200)
  })

  it('refuses sign-ups from one IP past the limit', async () => {
    const ip = newIp()
    const signUp = () =>
      store.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: newCustomer(),
        remoteAddress: ip,
      })
    for (let i = 0; i < RATE_LIMITS.register.limit; i++) {
      expect((await signUp()).statusCode).toBe(201)
    }
    expectTooMany(await signUp())
  })
})
