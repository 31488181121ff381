import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RATE_LIMITS } from '../../http/rate-limit.js'
import {
  cookieFrom,
  login,
  newCustomer,
  newIp,
  whoAmI,
  registeredCustomer,
} from '../../testing/auth.js'
import {
  dropRedisPrefix,
  redisAvailable,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '../../testing/redis.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

/**
 * Two stores behind a load balancer: one PostgreSQL database and one Redis. PGlite cannot be
 * shared between processes, so this needs DATABASE_URL (CI runs the suite with it).
 */
const runs = Boolean(process.env.DATABASE_URL) && (await redisAvailable())
const prefix = testRedisPrefix()

let a: TestStore
let b: TestStore

describe.skipIf(!runs)('two instances sharing PostgreSQL and Redis', () => {
  beforeAll(async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix }
    a = await createTestStore({ env })
    b = await createTestStore({ env, databaseUrl: a.databaseUrl })
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
    await dropRedisPrefix(prefix)
  })

  it('accepts on one instance a login made on the other', async () => {
    const body = await registeredCustomer(a.app)
    const res = await login(a.app, body.email, body.password)
    const cookie = cookieFrom(res.headers['set-cookie'])
    const onB = await whoAmI(b.app, cookie)
    expect(onB.statusCode).toBe(200)
    expect(onB.json()).toMatchObject({ user: { email: body.email } })
  })

  it('ends the session everywhere at a logout on either instance', async () => {
    const body = await registeredCustomer(a.app)
    const cookie = cookieFrom((await login(b.app, body.email, body.password)).headers['set-cookie'])
    expect((await whoAmI(a.app, cookie)).statusCode).toBe(200)
    await a.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })
    expect((await whoAmI(b.app, cookie)).statusCode).toBe(401)
  })

  it('rotates the session across instances (a pre-login cookie is dead on both)', async () => {
    const body = await registeredCustomer(a.app)
    const first = cookieFrom((await login(a.app, body.email, body.password)).headers['set-cookie'])
    const res = await login(b.app, body.email, body.password, { cookie: first })
    const second = cookieFrom(res.headers['set-cookie'])
    expect((await whoAmI(a.app, first)).statusCode).toBe(401)
    expect((await whoAmI(a.app, second)).statusCode).toBe(200)
  })

  it('holds a limit reached through one instance on the other, until a success resets it', async () => {
    const body = await registeredCustomer(a.app)
    const ip = newIp()
    const { limit } = RATE_LIMITS.loginAccountIp
    for (let i = 0; i < limit - 1; i++) {
      const via = i % 2 === 0 ? a : b
      expect((await login(via.app, body.email, 'errada', {}, ip)).statusCode).toBe(401)
    }
    // The last allowed attempt succeeds on B and clears the count kept in Redis.
    expect((await login(b.app, body.email, body.password, {}, ip)).statusCode).toBe(200)
    for (let i = 0; i < limit; i++) {
      expect((await login(a.app, body.email, 'errada', {}, ip)).statusCode).toBe(401)
    }
    const blocked = await login(b.app, body.email, body.password, {}, ip)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.headers['retry-after']).toBeDefined()
    expect(blocked.json().message).toMatch(
      /^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/,
    )
    // Only that address: the owner elsewhere still gets in.
    expect((await login(a.app, body.email, body.password)).statusCode).toBe(200)
  })

  it('shares the sign-up limit per IP', async () => {
    const ip = newIp()
    const signUp = (store: TestStore) =>
      store.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: newCustomer(),
        remoteAddress: ip,
      })
    for (let i = 0; i < RATE_LIMITS.register.limit; i++) {
      expect((await signUp(i % 2 ? a : b)).statusCode).toBe(201)
    }
    expect((await signUp(a)).statusCode).toBe(429)
    expect((await signUp(b)).statusCode).toBe(429)
  })
})
