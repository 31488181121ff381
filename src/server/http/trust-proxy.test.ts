import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, trustProxyOf } from '../config.js'
import { newCustomer } from '../testing/auth.js'
import { createTestStore, type TestStore } from '../testing/test-app.js'

const PROXY = '10.0.0.2'
const CLIENT = '203.0.113.7'

let store: TestStore
beforeAll(async () => {
  store = await createTestStore({
    env: { TRUST_PROXY: '1' },
    // Answers the address the app takes for the client, as every per-IP limit sees it.
    setup: (app) => void app.get('/test/ip', async (req) => ({ ip: req.ip })),
  })
})
afterAll(() => store.close())

/** A request that reached the proxy from CLIENT, with whatever X-Forwarded-For CLIENT forged. */
const viaProxy = (url: string, forged: string, payload?: object) =>
  store.app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': `${forged}, ${CLIENT}` },
    ...(payload ? { payload } : {}),
  })

describe('TRUST_PROXY=1: the one proxy in front', () => {
  it('takes the address the proxy saw, not what the client wrote before it', async () => {
    const res = await viaProxy('/test/ip', '6.6.6.6')
    expect(res.json()).toEqual({ ip: CLIENT })
  })

  it('counts the per-IP limits per real client, whatever X-Forwarded-For it forges', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 11; i += 1) {
      const res = await viaProxy('/api/auth/register', `6.6.6.${i}`, newCustomer())
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true)
    expect(statuses[10]).toBe(429)
  })
})

describe('TRUST_PROXY values', () => {
  it.each([
    ['0', false],
    ['false', false],
    ['1', 1],
    ['true', 1],
    ['2', 2],
    ['10.0.0.2', ['10.0.0.2']],
    ['10.0.0.2, 172.16.0.0/12,::1', ['10.0.0.2', '172.16.0.0/12', '::1']],
  ])('%s is %j', (value, expected) => {
    expect(trustProxyOf(value)).toEqual(expected)
  })

  it('refuses anything else at start, with a readable message', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'todos' })).toThrow(/TRUST_PROXY deve ser/)
  })
})
