import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeBuiltClient } from '../testing/built-client.js'
import { buyAsGuest, fetchLink, grantedDownload } from '../testing/downloads.js'
import { insertProduct } from '../testing/fixtures.js'
import { createTestStore, type TestStore } from '../testing/test-app.js'

const INLINE_SCRIPT = 'window.__lojaInline = 1'
const INDEX_HTML = `<!doctype html><html><head><!--app-head--><title>Loja</title>
<script type="module" src="/assets/app.js"></script><script>${INLINE_SCRIPT}</script></head>
<body><div id="root"></div></body></html>`
const PROXY = '10.0.0.2'

let client: Awaited<ReturnType<typeof writeBuiltClient>>
let store: TestStore
let proxied: TestStore

beforeAll(async () => {
  client = await writeBuiltClient(INDEX_HTML)
  store = await createTestStore({ clientDir: client.dir })
  proxied = await createTestStore({ clientDir: client.dir, env: { TRUST_PROXY: '1' } })
})
afterAll(async () => {
  await store?.close()
  await proxied?.close()
  await client?.remove()
})

const get = (url: string, headers: Record<string, string> = {}) =>
  store.app.inject({ method: 'GET', url, headers })

/** The policy's directives by name: `{ 'script-src': ["'self'", …] }`. */
function directives(res: { headers: Record<string, unknown> }): Record<string, string[]> {
  const policy = String(res.headers['content-security-policy'] ?? '')
  return Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  )
}

function expectEveryAnswerHeaders(res: { headers: Record<string, unknown> }) {
  expect(res.headers['x-content-type-options']).toBe('nosniff')
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(res.headers['strict-transport-security']).toBeUndefined()
}

describe('HTML pages', () => {
  it.each(['/', '/admin', '/admin/config', '/checkout', '/pagina-que-nao-existe'])(
    '%s carries a policy the built client satisfies, and no frame may hold it',
    async (url) => {
      const res = await get(url)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expectEveryAnswerHeaders(res)
      const csp = directives(res)
      expect(csp['default-src']).toEqual(["'self'"])
      expect(csp['frame-ancestors']).toEqual(["'none'"])
      expect(csp['object-src']).toEqual(["'none'"])
      expect(csp['base-uri']).toEqual(["'self'"])
      expect(csp['form-action']).toEqual(["'self'"])
      expect(csp['connect-src']).toEqual(["'self'"])
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:'])
      expect(csp['script-src']).not.toContain("'unsafe-inline'")
      expect(csp['script-src']).not.toContain("'unsafe-eval'")
    },
  )

  it("allows the built page's own inline script by its hash, and nothing else inline", async () => {
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64')
    expect(directives(await get('/'))['script-src']).toEqual(["'self'", `'sha256-${hash}'`])
  })

  it('keeps the policy on a product page answered 404', async () => {
    const res = await get('/produto/999999')
    expect(res.statusCode).toBe(404)
    expect(directives(res)['frame-ancestors']).toEqual(["'none'"])
  })
})

describe('every other answer', () => {
  it('a JSON answer: nosniff and a policy that loads nothing', async () => {
    const res = await get('/api/products')
    expect(res.statusCode).toBe(200)
    expectEveryAnswerHeaders(res)
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    )
  })

  it('an error, and a request refused before any route (bad URL encoding), carry them too', async () => {
    const missing = await get('/api/nada')
    expect(missing.statusCode).toBe(404)
    expectEveryAnswerHeaders(missing)
    const badUrl = await get('/api/products/%E0%A4%A')
    expect(badUrl.statusCode).toBe(400)
    expectEveryAnswerHeaders(badUrl)
    const foreign = await store.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://outro-site.example' },
    })
    expect(foreign.statusCode).toBe(403)
    expectEveryAnswerHeaders(foreign)
  })

  it('a static asset: nosniff, no page policy', async () => {
    const res = await get('/assets/app.js')
    expect(res.statusCode).toBe(200)
    expectEveryAnswerHeaders(res)
    expect(res.headers['content-security-policy']).toBeUndefined()
  })

  it('a product image: nosniff', async () => {
    const product = await insertProduct(store)
    const [view] = (await get('/api/products').then((r) => r.json())) as { imageUrl: string }[]
    const res = await get(view?.imageUrl ?? `/api/products/${product.id}/image`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^image\//)
    expectEveryAnswerHeaders(res)
  })

  it('a signed download (written by hand) tells no referrer: its path is the secret', async () => {
    const product = await insertProduct(store)
    const buyer = await buyAsGuest(store, product.id)
    const { downloadUrl } = await grantedDownload(store, buyer, product.id)
    const res = await fetchLink(store, downloadUrl)
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    const refused = await fetchLink(store, '/api/downloads/token-falso')
    expect(refused.headers['referrer-policy']).toBe('no-referrer')
  })
})

describe('HSTS', () => {
  /** A request that reached the store through its one trusted proxy, over `proto`. */
  const viaProxy = (url: string, proto: string) =>
    proxied.app.inject({
      method: 'GET',
      url,
      remoteAddress: PROXY,
      headers: { 'x-forwarded-proto': proto, 'x-forwarded-for': '203.0.113.7' },
    })

  it('is sent when the request came over https (the trusted proxy says so)', async () => {
    for (const url of ['/', '/api/products']) {
      const res = await viaProxy(url, 'https')
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000')
    }
  })

  it('is not sent over plain http', async () => {
    const res = await viaProxy('/', 'http')
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })

  it('is not sent when a client the store does not trust claims https', async () => {
    const res = await get('/', { 'x-forwarded-proto': 'https' })
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })
})
