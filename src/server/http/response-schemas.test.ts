import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestStore, type TestStore } from '../testing/test-app.js'

/**
 * Routes whose success is not JSON, so no JSON schema describes it (their errors are still
 * ErrorAnswers, declared for every route by the error handler).
 */
const NOT_JSON: Record<string, string> = {
  'GET /api/products/:id/image': 'WebP bytes, or a bodiless 304',
  'GET /api/products/:id/image-fast': 'WebP bytes, or a bodiless 304',
  'GET /api/products/:id/additional-image/:index': 'WebP bytes, or a bodiless 304',
  'GET /api/previews/:productId/:name': "a preview page's marked WebP bytes, or a bodiless 304",
  'GET /api/downloads/:token': "the purchased file's bytes (200 or 206)",
  'HEAD /api/downloads/:token': "the purchased file's headers, no body",
  'GET /api/orders/:id/download-all': "an order's files in one ZIP (attachment)",
  'GET /': 'the home page, HTML',
  'GET /produto/:id': "a product's page, HTML",
  'GET /clube': "the clube's page, HTML",
  'GET /bncc/:code': "a BNCC skill's page, HTML",
  'GET /bncc': "the BNCC's index page, HTML",
  'GET /metrics': "Prometheus' text format",
  'GET /api/admin/backup': 'the backup archive, a gzipped tar (attachment)',
  'GET /api/admin/backups/:name': 'a kept backup archive, a gzipped tar (attachment)',
  'GET /lembretes/parar': "the unpaid-PIX reminders' opt-out page, HTML",
  'GET /canva/:id': "a bodiless 303 to the bought template on Canva, or to 'Meus materiais'",
  'GET /api/store/logo': "the store's logo, PNG bytes, or a bodiless 304",
  'GET /api/plans/image/:hash': "a clube plan's cover, WebP bytes",
  'DELETE /api/admin/store/logo': 'nothing: 204 once the logo is gone',
}
/** The built client's files (@fastify/static, one route per file when the client is built). */
const isClientFile = (url: string) => /\.[a-z0-9]+$/i.test(url)
/** Fastify adds a HEAD route beside each GET, answering like it without the body. */
const listedNotJson = (route: string) =>
  route in NOT_JSON || route.replace(/^HEAD /, 'GET ') in NOT_JSON

const routes: RouteOptions[] = []
let store: TestStore

beforeAll(async () => {
  store = await createTestStore({ onRoute: (route) => void routes.push(route) })
})
afterAll(() => store.close())

const methodsOf = (route: RouteOptions) => [route.method].flat()
const successOf = (route: RouteOptions) =>
  Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {}).filter(
    (status) => /^2(\d\d|xx)$/.test(status),
  )

describe('response schemas', () => {
  it('sees the whole app', () => {
    expect(routes.length).toBeGreaterThan(50)
  })

  it('are declared by every route that answers JSON', () => {
    const missing = routes
      .filter((route) => successOf(route).length === 0 && !isClientFile(route.url))
      .flatMap((route) => methodsOf(route).map((method) => `${method} ${route.url}`))
      .filter((route) => !listedNotJson(route))
    expect(missing, 'declare schema.response for these (src/contracts)').toEqual([])
  })

  it('declare the one error shape for every route, byte and HTML ones included', () => {
    const without = routes.filter((route) => {
      const response = (route.schema?.response ?? {}) as Record<string, unknown>
      return !response['4xx'] || !response['5xx']
    })
    expect(without.map((route) => route.url)).toEqual([])
  })

  it('list no route as not JSON that is gone or that declares a JSON answer', () => {
    const declared = new Set(
      routes
        .filter((route) => successOf(route).length === 0)
        .flatMap((route) => methodsOf(route).map((method) => `${method} ${route.url}`)),
    )
    expect(Object.keys(NOT_JSON).filter((route) => !declared.has(route))).toEqual([])
  })
})
