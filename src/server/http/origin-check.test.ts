import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestStore, type TestStore } from '../testing/test-app.js'

let store: TestStore
beforeAll(async () => {
  store = await createTestStore({ env: { PUBLIC_URL: 'https://loja.exemplo.com.br' } })
})
afterAll(() => store.close())

// POST /api/logout changes state and needs nothing else, so it shows the check alone.
const logout = (headers: Record<string, string>) =>
  store.app.inject({ method: 'POST', url: '/api/logout', headers })

describe('Origin check', () => {
  it.each([
    ['another site', 'https://golpe.exemplo.com'],
    ['a look-alike host', 'http://localhost:80.golpe.com'],
    ['an opaque origin', 'null'],
    ['garbage', 'não é uma url'],
  ])('refuses a state-changing call from %s', async (_label, origin) => {
    const res = await logout({ origin, host: 'localhost:80' })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ message: 'Origem não permitida' })
  })

  it('refuses PUT, PATCH and DELETE too, before routing', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await store.app.inject({
        method,
        url: '/api/cart/1',
        headers: { origin: 'https://golpe.exemplo.com' },
      })
      expect(res.statusCode).toBe(403)
    }
  })

  it.each([
    ['the same host', { origin: 'http://localhost:80', host: 'localhost:80' }],
    ['the same host behind a TLS proxy', { origin: 'https://loja.local', host: 'loja.local' }],
    ['PUBLIC_URL', { origin: 'https://loja.exemplo.com.br', host: '10.0.0.5:3000' }],
    ['no Origin at all (a webhook, curl)', {}],
  ])('lets through %s', async (_label, headers: Record<string, string>) => {
    expect((await logout(headers)).statusCode).toBe(200)
  })

  it('does not concern reads', async () => {
    const res = await store.app.inject({
      method: 'GET',
      url: '/api/security/status',
      headers: { origin: 'https://golpe.exemplo.com' },
    })
    expect(res.statusCode).toBe(200)
  })
})
