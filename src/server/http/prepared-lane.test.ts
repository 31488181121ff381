import { gunzipSync } from 'node:zlib'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PREPARED_READ } from '../lib/http.js'
import { insertProduct } from '../testing/fixtures.js'
import { createTestStore, type TestStore } from '../testing/test-app.js'
import { API_POLICY } from './security-headers.js'

// The public reads answered in the prepared lane (prepared-lane.ts) answer what the whole
// chain of hooks answered: the same headers, 304, gzip, errors; only cheaper.
let store: TestStore
beforeAll(async () => {
  store = await createTestStore()
  await insertProduct(store, { name: 'Alfabeto ilustrado' })
})
afterAll(() => store.close())

const get = (url: string, headers: Record<string, string> = {}) =>
  store.app.inject({ method: 'GET', url, headers })

describe('the prepared lane', () => {
  it('answers with the headers of every answer, its ETag, 304 and gzip', async () => {
    const res = await get('/api/catalog?page=1')
    expect(res.statusCode).toBe(200)
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'content-security-policy': API_POLICY,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-cache',
      vary: 'Accept-Encoding',
    })
    expect(res.json()).toMatchObject({ page: 1, total: 1 })
    const etag = String(res.headers.etag)
    const again = await get('/api/catalog?page=1', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers['x-content-type-options']).toBe('nosniff')
    const zipped = await get('/api/catalog?page=1', { 'accept-encoding': 'gzip' })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(res.body)
  })

  it('leaves errors to the error handler, with the same headers', async () => {
    const missing = await get('/api/products/999999')
    expect([missing.statusCode, missing.json()]).toEqual([
      404,
      { message: 'Produto não encontrado' },
    ])
    expect(missing.headers['content-security-policy']).toBe(API_POLICY)
    expect(missing.headers['x-content-type-options']).toBe('nosniff')
    // A NUL takes the whole way, where the invalid-bytes check refuses it.
    const nul = await get('/api/catalog?q=a%00b')
    expect(nul.statusCode).toBe(400)
  })

  it('answers HEAD through the whole chain, without a body', async () => {
    const res = await store.app.inject({ method: 'HEAD', url: '/api/catalog?page=1' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('')
    expect(res.headers['content-security-policy']).toBe(API_POLICY)
  })

  it('asks for the connection to be closed while the store drains', async () => {
    const draining = await createTestStore()
    try {
      draining.app.lifecycle.beginDrain()
      const res = await draining.app.inject({ method: 'GET', url: '/api/products' })
      expect(res.statusCode).toBe(200)
      expect(res.headers.connection).toBe('close')
    } finally {
      await draining.close()
    }
  })

  it('refuses, at start, a prepared read whose input Fastify would have parsed', async () => {
    await expect(
      createTestStore({
        setup: (app) => {
          app.get(
            '/api/sonda',
            { schema: { querystring: z.object({ q: z.string() }) }, config: PREPARED_READ },
            async () => ({}),
          )
        },
      }),
    ).rejects.toThrow(/prepared read/)
  })
})
