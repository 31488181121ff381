import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drawnAddressOf, type PageData } from '../../../contracts/page-data.js'
import { adminSession } from '../../testing/auth.js'
import { writeBuiltClient } from '../../testing/built-client.js'
import { call } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createPlan } from '../../testing/subscriptions.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

// The storefront's pages drawn on the server by React (decision 031), here from the renderer's
// source; the browser journeys (e2e/hydration.test.ts) check that the browser takes them over.

let client: Awaited<ReturnType<typeof writeBuiltClient>>
let store: TestStore
let admin: string
beforeAll(async () => {
  client = await writeBuiltClient()
  store = await createTestStore({ clientDir: client.dir })
  admin = (await adminSession(store.app)).cookie
  await insertProduct(store, { name: 'Tabuada do Pirata', category: 'matematica' })
  await insertProduct(store, { name: 'Ditado das Letras', category: 'alfabetizacao' })
  await store.app.services.catalog.invalidate()
}, 240_000)
afterAll(async () => {
  await store?.close()
  await client?.remove()
})

const get = (url: string) => store.app.inject({ method: 'GET', url })

/** The markup inside #root and the data block beside it. */
function parts(html: string): { root: string; data: PageData } {
  const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)
  const data = /<script type="application\/json" id="dados-da-pagina">([\s\S]*?)<\/script>/.exec(
    html,
  )
  return { root: root?.[1] ?? '', data: data ? (JSON.parse(data[1]!) as PageData) : {} }
}

describe('pages drawn on the server', () => {
  it('the home page: the header with the owner’s name, the grid, and what it was drawn from', async () => {
    const saved = await call(
      store,
      'POST',
      '/api/admin/settings',
      { key: 'store_name', value: 'Cantinho da Prô Ana' },
      { cookie: admin },
    )
    expect(saved.statusCode, saved.body).toBeLessThan(300)
    const res = await get('/')
    expect(res.statusCode).toBe(200)
    const { root, data } = parts(res.body)
    expect(root).toContain('data-testid="store-name"')
    expect(root).toContain('Cantinho da Prô Ana')
    expect(root).toContain('Tabuada do Pirata')
    expect(root).toContain('Ditado das Letras')
    expect(root).toContain('<footer')
    expect(data.catalog?.search).toEqual({ q: '' })
    expect(data.catalog?.page).toEqual((await get('/api/catalog?page=1')).json())
    expect(data.settings).toEqual((await get('/api/settings/public')).json())
  })

  it('a category and a search are drawn with their own results', async () => {
    const category = parts((await get('/?categoria=matematica')).body)
    expect(category.root).toContain('Tabuada do Pirata')
    expect(category.root).not.toContain('Ditado das Letras')
    expect(category.data.catalog?.search).toEqual({ q: '', category: 'matematica' })

    const search = parts((await get('/?q=%20ditado%20')).body)
    expect(search.root).toContain('Ditado das Letras')
    expect(search.root).not.toContain('Tabuada do Pirata')
    expect(search.root).toContain('Resultados para “ditado”')
    expect(search.data.catalog?.search).toEqual({ q: 'ditado' })
    // The browser names its address as the server named the drawn one, so it hydrates there.
    expect(search.data.address).toBe('/?q=ditado')
    expect(drawnAddressOf('/', '?q=%20ditado%20')).toBe(search.data.address)
    expect(drawnAddressOf('/', '?categoria=MATEMÁTICA')).toBe(category.data.address)

    // An unknown category is no filter, as the page reads it.
    const unknown = parts((await get('/?categoria=nada')).body)
    expect(unknown.root).toContain('Tabuada do Pirata')
    expect(unknown.root).toContain('Ditado das Letras')
  })

  it('a product page carries the product drawn by its React page', async () => {
    const [product] = (await get('/api/catalog?q=pirata')).json<{ items: { id: number }[] }>().items
    const { root, data } = parts((await get(`/produto/${product!.id}`)).body)
    expect(root).toContain('<h1')
    expect(root).toContain('Tabuada do Pirata')
    expect(root).toContain('Comprar Agora')
    expect(data.product?.id).toBe(product!.id)
  })

  it('a product’s description is drawn by the pages’ plain-text rules: paragraphs and a list', async () => {
    const { id } = await insertProduct(store, {
      name: 'Caderno de Rimas',
      description:
        'Rimas para ler em voz alta.\n\nO que vem:\n- 20 fichas\n- Gabarito <b>completo</b>\n\nBom proveito!',
    })
    await store.app.services.catalog.invalidate()
    const { root } = parts((await get(`/produto/${id}`)).body)
    const description = /<div data-testid="product-description"[^>]*>([\s\S]*?)<\/div>/.exec(root)
    expect(description?.[1]).toBe(
      '<p>Rimas para ler em voz alta.</p><p>O que vem:</p>' +
        '<ul><li>20 fichas</li><li>Gabarito &lt;b&gt;completo&lt;/b&gt;</li></ul><p>Bom proveito!</p>',
    )
  })

  it('/clube lists the open plans with their price', async () => {
    await createPlan(store, admin, { name: 'Clube das Letrinhas', price: '29.90' })
    const { root, data } = parts((await get('/clube')).body)
    expect(root).toContain('Clube de materiais')
    expect(root).toContain('Clube das Letrinhas')
    expect(root).toMatch(/R\$\s29,90/)
    expect(data.plans?.map((p) => p.name)).toEqual(['Clube das Letrinhas'])
  })

  it('draws the header’s padlock as the request is, each kept apart', async () => {
    // localhost counts as secure (browsers treat it so); another host over plain HTTP does not.
    const local = await get('/')
    const plain = await store.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'loja.exemplo' },
    })
    expect(parts(local.body).data.security).toEqual({ secure: true, https: false })
    expect(parts(local.body).root).toContain('data-state="secure"')
    expect(parts(plain.body).data.security).toEqual({ secure: false, https: false })
    expect(parts(plain.body).root).toContain('data-state="insecure"')
    expect(parts(plain.body).root).not.toContain('Verificando segurança')
  })

  it('is the same bytes until the catalogue changes', async () => {
    const first = await get('/')
    const again = await get('/')
    expect(again.headers.etag).toBe(first.headers.etag)
    await insertProduct(store, { name: 'Caça-palavras Novo', category: 'portugues' })
    await store.app.services.catalog.invalidate()
    const after = await get('/')
    expect(after.headers.etag).not.toBe(first.headers.etag)
    expect(parts(after.body).root).toContain('Caça-palavras Novo')
  })
})

describe('the build’s manifest', () => {
  it('is read by the server for the pages’ chunks, and not served to anyone', async () => {
    await mkdir(path.join(client.dir, '.vite'), { recursive: true })
    await writeFile(path.join(client.dir, '.vite', 'manifest.json'), '{}')
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404)
  })
})

describe('without a working renderer', () => {
  it('sends the page empty for the browser to draw, never an error', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'loja-renderer-'))
    const broken = path.join(dir, 'entry-server.mjs')
    await writeFile(
      broken,
      'export const renderPage = async () => { throw new Error("quebrou") }\n',
    )
    try {
      for (const entry of [broken, path.join(dir, 'absent.mjs')]) {
        const other = await createTestStore({ clientDir: client.dir, ssrEntry: entry })
        try {
          const res = await other.app.inject({ method: 'GET', url: '/clube' })
          expect(res.statusCode).toBe(200)
          expect(res.body).toContain('<div id="root"></div>')
          expect(res.body).toContain('id="dados-da-pagina"')
        } finally {
          await other.close()
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
