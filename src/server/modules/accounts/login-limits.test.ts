import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RATE_LIMITS } from '../../http/rate-limit.js'
import { login, newCustomer, newIp, TEST_ADMIN } from '../../testing/auth.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

let store: TestStore
beforeAll(async () => {
  store = await createTestStore()
})
afterAll(() => store.close())

async function registered() {
  const body = newCustomer()
  const res = await store.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: body,
    remoteAddress: newIp(),
  })
  expect(res.statusCode).toBe(201)
  return body
}

function expectTooMany(res: {
  statusCode: number
  headers: Record<string, unknown>
  json(): unknown
}) {
  expect(res.statusCode).toBe(429)
  expect(res.json()).toEqual({
    message: expect.stringMatching(/^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/),
  })
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
}

const { limit: perAccount } = RATE_LIMITS.loginAccount
const { limit: perIp } = RATE_LIMITS.loginIp

describe('login rate limits', () => {
  it('refuses an account after its failures, even the right password, from any IP', async () => {
    const body = await registered()
    for (let i = 0; i < perAccount; i++) {
      expect((await login(store.app, body.email, 'errada')).statusCode).toBe(401)
    }
    expectTooMany(await login(store.app, body.email, body.password))
    expectTooMany(await login(store.app, body.email.toUpperCase(), body.password, {}, newIp()))
  })

  it('forgets the failures after a successful login', async () => {
    const body = await registered()
    for (let i = 0; i < perAccount - 1; i++) await login(store.app, body.email, 'errada')
    expect((await login(store.app, body.email, body.password)).statusCode).toBe(200)
    for (let i = 0; i < perAccount - 1; i++) {
      expect((await login(store.app, body.email, 'errada')).statusCode).toBe(401)
    }
    expect((await login(store.app, body.email, body.password)).statusCode).toBe(200)
  })

  it('limits one IP trying many accounts, but not its successful logins', async () => {
    const ip = newIp()
    const body = await registered()
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

  it('limits the administrator login the same way', async () => {
    const ip = newIp()
    const attempt = (password: string) =>
      store.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: TEST_ADMIN.email, password },
        remoteAddress: ip,
      })
    for (let i = 0; i < perAccount; i++) expect((await attempt('errada')).statusCode).toBe(401)
    expectTooMany(await attempt(TEST_ADMIN.password))
  })
})

describe('sign-up rate limit', () => {
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
