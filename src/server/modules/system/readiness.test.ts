import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  dropRedisPrefix,
  redisAvailable,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '../../testing/redis.js'
import { startTcpProxy } from '../../testing/tcp-proxy.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

/** /healthz and /readyz of a store on Redis reached through a relay the test can cut. */
const withRedis = await redisAvailable()
const prefix = testRedisPrefix()
let store: TestStore
let proxy: Awaited<ReturnType<typeof startTcpProxy>>

beforeAll(async () => {
  const target = new URL(TEST_REDIS_URL)
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) })
  const viaProxy = new URL(TEST_REDIS_URL)
  viaProxy.host = `127.0.0.1:${proxy.port}`
  store = await createTestStore({
    env: withRedis ? { REDIS_URL: viaProxy.toString(), REDIS_PREFIX: prefix } : {},
  })
})
afterAll(async () => {
  await store?.close()
  await proxy?.close()
  if (withRedis) await dropRedisPrefix(prefix)
})

const readyz = async () => {
  const res = await store.app.inject({ method: 'GET', url: '/readyz' })
  return { status: res.statusCode, body: res.json(), headers: res.headers }
}

describe('health and readiness', () => {
  it('is alive and ready when its database (and Redis, when configured) answer', async () => {
    const health = await store.app.inject({ method: 'GET', url: '/healthz' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({ status: 'ok', database: store.database.kind })
    const ready = await readyz()
    expect(ready.status).toBe(200)
    expect(ready.headers['cache-control']).toBe('no-store')
    expect(ready.body).toEqual({
      status: 'ok',
      checks: withRedis ? { database: 'ok', redis: 'ok' } : { database: 'ok' },
    })
  })

  it.skipIf(!withRedis)(
    'is not ready while Redis is away, and is again once it is back',
    async () => {
      proxy.takeDown()
      try {
        const ready = await readyz()
        expect(ready.status).toBe(503)
        expect(ready.body).toEqual({
          status: 'unavailable',
          message: 'Indisponível: redis',
          checks: { database: 'ok', redis: 'failed' },
        })
        // Alive all the same: a restart would not bring Redis back.
        expect((await store.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
      } finally {
        proxy.bringBack()
      }
      let status = 0
      for (let i = 0; i < 100 && status !== 200; i++) {
        status = (await readyz()).status
        if (status !== 200) await new Promise((r) => setTimeout(r, 50))
      }
      expect(status).toBe(200)
    },
  )

  it('says it is shutting down once draining, and asks every client to close its connection', async () => {
    store.app.lifecycle.beginDrain()
    const ready = await readyz()
    expect(ready.status).toBe(503)
    expect(ready.body).toMatchObject({ status: 'shutting_down', message: 'Servidor reiniciando' })
    expect(ready.headers.connection).toBe('close')
    const catalogue = await store.app.inject({ method: 'GET', url: '/api/products' })
    expect(catalogue.statusCode).toBe(200)
    expect(catalogue.headers.connection).toBe('close')
  })
})
