import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../../contracts/products.js'
import { productBundleItems, products } from '../products/products.tables.js'
import { adminSession } from '../../testing/auth.js'
import { insertPaidOrder, insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { createCatalogSnapshot } from './catalog-snapshot.js'

let store: TestStore
let paid: { id: number }
let free: { id: number }
let inactive: { id: number }
let others: { id: number }[]

beforeAll(async () => {
  store = await createTestStore()
  paid = await insertProduct(store, {
    name: 'Kit Alfabetização Divertida',
    description: 'Atividades de sílabas',
    category: 'alfabetizacao',
    priceCents: 2990,
    extraImages: 2,
  })
  free = await insertProduct(store, {
    name: 'Calendário Grátis',
    category: 'datas_comemorativas',
    isFree: true,
  })
  inactive = await insertProduct(store, { name: 'Material Escondido', isActive: false })
  others = [
    await insertProduct(store, { name: 'Alfabeto Móvel', category: 'alfabetizacao' }),
    await insertProduct(store, { name: 'Tabuada Ilustrada', category: 'matematica' }),
    await insertProduct(store, { name: 'Cartaz de Boas-Vindas', category: 'cartazes_murais' }),
    await insertProduct(store, { name: 'Planner 2026', category: 'planejamento_organizadores' }),
  ]
})
afterAll(() => store.close())

const get = (url: string, headers: Record<string, string> = {}) =>
  store.app.inject({ method: 'GET', url, headers })

describe('GET /api/products', () => {
  it('lists active products only, newest first, with the fields search uses', async () => {
    const res = await get('/api/products')
    expect(res.statusCode).toBe(200)
    const list = res.json<Product[]>()
    const ids = list.map((p) => p.id)
    expect(ids).not.toContain(inactive.id)
    expect(ids).toEqual(
      [...others]
        .reverse()
        .map((p) => p.id)
        .concat(free.id, paid.id),
    )
    const kit = list.find((p) => p.id === paid.id)!
    expect(kit).toMatchObject({
      name: 'Kit Alfabetização Divertida',
      description: 'Atividades de sílabas',
      category: 'alfabetizacao',
      price: '29.90',
      isFree: false,
      isActive: true,
      downloadFileName: expect.stringMatching(/\.pdf$/),
      mimeType: 'application/pdf',
    })
    expect(kit.imageUrl).toMatch(new RegExp(`^/api/products/${paid.id}/image\\?v=\\w+$`))
    expect(kit.additionalImages).toHaveLength(2)
    expect(list.find((p) => p.id === free.id)).toMatchObject({ isFree: true, price: '0.00' })
  })

  it('answers 304 to a client holding the current list, and gzip when asked', async () => {
    const first = await get('/api/products')
    const etag = first.headers.etag as string
    expect((await get('/api/products', { 'if-none-match': etag })).statusCode).toBe(304)
    const zipped = await get('/api/products', { 'accept-encoding': 'gzip, br' })
    expect(zipped.headers['content-encoding']).toBe('gzip')
  })
})

describe('GET /api/products/:id', () => {
  it('answers an active product', async () => {
    const res = await get(`/api/products/${paid.id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: paid.id, price: '29.90' })
  })

  it.each([
    ['an inactive product', () => inactive.id],
    ['an unknown id', () => 999_999],
  ])('answers 404 with a message for %s', async (_label, id) => {
    const res = await get(`/api/products/${id()}`)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: 'Produto não encontrado' })
  })

  it.each(['abc', '-1', '1.5', '0', '99999999999'])(
    'answers 400 for the malformed id %s',
    async (id) => {
      const res = await get(`/api/products/${id}`)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ message: 'ID do produto inválido' })
    },
  )

  it('answers the emergency variant wrapped, with the same rules', async () => {
    expect((await get(`/api/emergency/${paid.id}`)).json()).toMatchObject({
      success: true,
      product: { id: paid.id },
    })
    expect((await get(`/api/emergency/${inactive.id}`)).statusCode).toBe(404)
  })
})

describe('best sellers and related products', () => {
  it('has no best sellers while nothing sold (the home hides the section)', async () => {
    const res = await get('/api/products/bestsellers')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
  })

  it('ranks by paid sales, newest first among equals, only products that sold', async () => {
    await insertPaidOrder(store, [
      { productId: free.id, quantity: 1 },
      { productId: paid.id, quantity: 5 },
      { productId: inactive.id, quantity: 9 },
    ])
    const res = await get('/api/products/bestsellers')
    const ids = res.json<Product[]>().map((p) => p.id)
    // The inactive product sold most but is not on sale; nothing unsold fills the list.
    expect(ids).toEqual([paid.id, free.id])
  })

  it('suggests the same categories first and never what is already in the cart', async () => {
    const res = await store.app.inject({
      method: 'POST',
      url: '/api/products/related',
      payload: { cartProductIds: [paid.id, others[1]!.id] },
    })
    expect(res.statusCode).toBe(200)
    const ids = res.json<Product[]>().map((p) => p.id)
    expect(ids).toHaveLength(4)
    expect(ids).not.toContain(paid.id)
    expect(ids).not.toContain(others[1]!.id)
    expect(ids).not.toContain(inactive.id)
    // Alfabeto Móvel shares the Kit's category: it leads.
    expect(ids[0]).toBe(others[0]!.id)
  })

  it('refuses a related request whose ids are not a list', async () => {
    const res = await store.app.inject({
      method: 'POST',
      url: '/api/products/related',
      payload: { cartProductIds: 'todos' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBeTypeOf('string')
  })
})

describe('product images', () => {
  it('serves each WebP variant with an ETag, and 304 on revalidation', async () => {
    const product = (await get(`/api/products/${paid.id}`)).json<Product>()
    const sizes: Record<string, number> = {}
    for (const size of ['thumb', 'card', 'full']) {
      const res = await get(`${product.imageUrl}&size=${size}`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/webp')
      expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP')
      expect(res.headers['cache-control']).toContain('immutable')
      sizes[size] = res.rawPayload.length
      const again = await get(`${product.imageUrl}&size=${size}`, {
        'if-none-match': res.headers.etag as string,
      })
      expect(again.statusCode).toBe(304)
      expect(again.rawPayload.length).toBe(0)
    }
    expect(sizes.thumb).toBeLessThan(sizes.full!)
  })

  it('serves additional images by index and the fast image, and 404s past the last', async () => {
    const extra = await get(`/api/products/${paid.id}/additional-image/1?size=thumb`)
    expect(extra.statusCode).toBe(200)
    expect(extra.headers['content-type']).toBe('image/webp')
    expect((await get(`/api/products/${paid.id}/image-fast`)).statusCode).toBe(200)
    const missing = await get(`/api/products/${paid.id}/additional-image/5`)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: 'Imagem não encontrada' })
  })

  it('ignores the cache-buster parameters older clients add', async () => {
    const res = await get(`/api/products/${paid.id}/image?size=300&direct=true&force=true&retry=2`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).not.toContain('immutable')
  })
})

describe('Canva links in the public catalogue', () => {
  const link = 'https://www.canva.com/design/DAFpago123/view'
  let paidCanva: { id: number }
  let freeCanva: { id: number }

  beforeAll(async () => {
    paidCanva = await insertProduct(store, {
      name: 'Planner Canva Pago',
      externalLink: link,
      canvaTemplateId: 'DAFpago123',
    })
    freeCanva = await insertProduct(store, {
      name: 'Cartaz Canva Grátis',
      isFree: true,
      externalLink: 'https://www.canva.com/design/DAFgratis/view',
    })
    store.app.services.catalog.invalidate()
  })

  it('never hands out a paid material’s link or template id, on any public call', async () => {
    const answers = [
      (await store.app.inject({ url: '/api/products' })).body,
      (await store.app.inject({ url: `/api/products/${paidCanva.id}` })).body,
      (await store.app.inject({ url: `/api/emergency/${paidCanva.id}` })).body,
      (await store.app.inject({ url: '/api/products/bestsellers' })).body,
      (
        await store.app.inject({
          method: 'POST',
          url: '/api/products/related',
          payload: { cartProductIds: [free.id] },
        })
      ).body,
    ]
    for (const body of answers) {
      expect(body).not.toContain('DAFpago123')
    }
    const detail = (await store.app.inject({ url: `/api/products/${paidCanva.id}` })).json()
    expect(detail).toMatchObject({ externalLink: null, canvaTemplateId: null })
  })

  it('shows a free material’s own link', async () => {
    const detail = (await store.app.inject({ url: `/api/products/${freeCanva.id}` })).json()
    expect(detail.externalLink).toBe('https://www.canva.com/design/DAFgratis/view')
  })

  it('still shows the link to the administration', async () => {
    const { cookie } = await adminSession(store.app)
    const res = await store.app.inject({ url: '/api/admin/products', headers: { cookie } })
    const product = res.json<Product[]>().find((p) => p.id === paidCanva.id)
    expect(product?.externalLink).toBe(link)
  })
})

describe('a catalogue refresh that failed half way', () => {
  it('is made whole by the next one: a product switched off leaves, its kit is read again', async () => {
    const { db } = store.database
    const part = await insertProduct(store, { name: 'Peça do Kit' })
    const kit = await insertProduct(store, { name: 'Kit com Peça' })
    await db
      .insert(productBundleItems)
      .values({ bundleId: kit.id, productId: part.id, position: 0 })
    const real = store.app.services.products
    let failing = false
    const snapshot = createCatalogSnapshot({
      products: {
        versions: real.versions,
        countOnSale: real.countOnSale,
        image: real.image,
        activeViewsOf: (ids) =>
          failing ? Promise.reject(new Error('leitura falhou')) : real.activeViewsOf(ids),
      },
      unitsSold: async () => new Map(),
    })
    expect((await snapshot.get()).byId.get(kit.id)?.bundleItems[0]?.name).toBe('Peça do Kit')

    // Renamed and switched off, its last change older than the hour a refresh looks back on.
    await db
      .update(products)
      .set({ name: 'Peça Renomeada', isActive: false, updatedAt: sql`now() - interval '2 hours'` })
      .where(eq(products.id, part.id))
    failing = true
    snapshot.changed({ products: true, ids: [part.id] })
    await expect(snapshot.get()).rejects.toThrow('leitura falhou')
    failing = false
    const view = await snapshot.get()
    expect(view.list.map((p) => p.id)).not.toContain(part.id)
    expect(view.byId.get(kit.id)?.bundleItems[0]?.name).toBe('Peça Renomeada')
  })
})
