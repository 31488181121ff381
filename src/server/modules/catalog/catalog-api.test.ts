import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CatalogCategories, CatalogPage } from '../../../contracts/catalog.js'
import { CATALOG_PAGE_SIZE } from '../../../contracts/catalog.js'
import { adminSession } from '../../testing/auth.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

let store: TestStore
let alfabeto: { id: number }
let hidden: { id: number }
const FILLERS = CATALOG_PAGE_SIZE + 6

beforeAll(async () => {
  store = await createTestStore()
  alfabeto = await insertProduct(store, {
    name: 'Kit Alfabetização Divertida',
    description: 'Atividades de sílabas para imprimir',
    category: 'alfabetizacao',
    priceCents: 2990,
  })
  hidden = await insertProduct(store, { name: 'Material Escondido', isActive: false })
  for (let i = 0; i < FILLERS; i++) {
    await insertProduct(store, { name: `Tabuada ${i + 1}`, category: 'matematica' })
  }
})
afterAll(() => store.close())

const catalog = async (query: string) => {
  const res = await store.app.inject({ url: `/api/catalog${query}` })
  return { status: res.statusCode, body: res.json<CatalogPage & { message?: string }>() }
}

describe('GET /api/catalog', () => {
  it('pages light cards, newest first, with the total', async () => {
    const first = await catalog('')
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ total: FILLERS + 1, page: 1, pageSize: CATALOG_PAGE_SIZE })
    expect(first.body.items).toHaveLength(CATALOG_PAGE_SIZE)
    expect(first.body.items[0]!.name).toBe(`Tabuada ${FILLERS}`)
    // A card carries what a card shows and what the filters read, nothing of the product page.
    expect(Object.keys(first.body.items[0]!).sort()).toEqual(
      [
        'category',
        'id',
        'imageUrl',
        'isFree',
        'name',
        'price',
        'bncc',
        'anos',
        'componentes',
        'tipo',
        'tema',
        'previewReady',
      ].sort(),
    )
    const second = await catalog('?page=2')
    expect(second.body.items.map((c) => c.name).at(-1)).toBe('Kit Alfabetização Divertida')
    expect(second.body.items).toHaveLength(FILLERS + 1 - CATALOG_PAGE_SIZE)
    expect((await catalog('?page=9')).body).toMatchObject({ items: [], total: FILLERS + 1 })
  })

  it('searches without accents or case, in the name, description and category', async () => {
    for (const q of ['alfabetizacao', 'ALFABETIZAÇÃO', 'silabas', 'Alfabetiza']) {
      const { body } = await catalog(`?q=${encodeURIComponent(q)}`)
      expect(
        body.items.map((c) => c.id),
        q,
      ).toEqual([alfabeto.id])
      expect(body.total).toBe(1)
    }
    // Words match whole (the last one also as a beginning, from three letters).
    expect((await catalog('?q=tabuada%201')).body.items[0]!.name).toBe('Tabuada 1')
    expect((await catalog('?q=nada%20disso')).body).toMatchObject({ items: [], total: 0 })
  })

  it('filters by category, in any of its spellings, with the search', async () => {
    expect((await catalog('?category=matematica')).body.total).toBe(FILLERS)
    expect((await catalog('?category=MATEM%C3%81TICA')).body.total).toBe(FILLERS)
    const both = await catalog('?category=alfabetizacao&q=kit')
    expect(both.body.items.map((c) => c.id)).toEqual([alfabeto.id])
    expect((await catalog('?category=alfabetizacao&q=tabuada')).body.total).toBe(0)
  })

  it('refuses bad parameters in Portuguese', async () => {
    for (const [query, message] of [
      ['?page=0', 'Página inválida'],
      ['?page=abc', 'Página inválida'],
      ['?page=1.5', 'Página inválida'],
      ['?category=astronomia', 'Categoria desconhecida'],
      [`?q=${'a'.repeat(101)}`, 'A busca pode ter no máximo 100 letras'],
    ] as const) {
      const { status, body } = await catalog(query)
      expect(status, query).toBe(400)
      expect(body.message, query).toContain(message)
    }
  })

  it('lists the categories with their counts', async () => {
    const res = await store.app.inject({ url: '/api/catalog/categories' })
    expect(res.json<CatalogCategories>()).toEqual([
      { slug: 'alfabetizacao', label: 'Alfabetização', emoji: '🔤', count: 1 },
      { slug: 'matematica', label: 'Matemática', emoji: '🔢', count: FILLERS },
    ])
  })

  it('answers every public read from prepared bytes: ETag, 304, gzip, bad ids refused', async () => {
    for (const url of [
      '/api/catalog?page=1',
      '/api/catalog?q=kit',
      '/api/catalog/categories',
      '/api/products/bestsellers',
      `/api/products/${alfabeto.id}`,
      `/api/emergency/${alfabeto.id}`,
    ]) {
      const first = await store.app.inject({ url })
      const again = await store.app.inject({ url })
      expect(first.statusCode, url).toBe(200)
      expect(first.headers.etag, url).toMatch(/^"[\w-]+"$/)
      expect(again.rawPayload.equals(first.rawPayload), url).toBe(true)
      const cached = await store.app.inject({
        url,
        headers: { 'if-none-match': first.headers.etag! },
      })
      expect(cached.statusCode, url).toBe(304)
      const zipped = await store.app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
      expect(zipped.headers['content-encoding'], url).toBe('gzip')
      expect(gunzipSync(zipped.rawPayload).equals(first.rawPayload), url).toBe(true)
    }
    // Spellings of one query share one answer; a product answers what the list says of it.
    expect((await catalog('?page=1')).body).toEqual((await catalog('?q=&page=01')).body)
    const product = await store.app.inject({ url: `/api/products/${alfabeto.id}` })
    expect(product.json()).toMatchObject({ id: alfabeto.id, name: 'Kit Alfabetização Divertida' })
    for (const id of ['abc', '0', `${hidden.id}`]) {
      const res = await store.app.inject({ url: `/api/products/${id}` })
      expect(res.statusCode, id).toBe(id === `${hidden.id}` ? 404 : 400)
      expect(res.json<{ message: string }>().message, id).toMatch(/inválido|não encontrado/)
    }
  })

  it('leaves out inactive products, and drops one switched off at once', async () => {
    const ids = async () => {
      const pages = [await catalog(''), await catalog('?page=2')]
      return pages.flatMap((p) => p.body.items.map((c) => c.id))
    }
    expect(await ids()).not.toContain(hidden.id)
    const { cookie } = await adminSession(store.app)
    const off = await store.app.inject({
      method: 'PUT',
      url: `/api/admin/products-light/${alfabeto.id}/toggle`,
      headers: { cookie },
      payload: { isActive: false },
    })
    expect(off.statusCode).toBe(200)
    expect(await ids()).not.toContain(alfabeto.id)
    expect((await catalog('?q=alfabetizacao')).body.total).toBe(0)
    const products = await store.app.inject({ url: '/api/products' })
    expect(products.json<Array<{ id: number }>>().map((p) => p.id)).not.toContain(alfabeto.id)
  })
})
