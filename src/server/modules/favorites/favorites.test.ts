import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  FavoriteIds,
  FavoriteList,
  FavoriteShare,
  SharedFavorites,
} from '../../../contracts/favorites.js'
import type { AdminProductLight } from '../../../contracts/admin.js'
import { products } from '../products/products.tables.js'
import { adminSession, customerSession, deleteAccount } from '../../testing/auth.js'
import { call } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { favorites } from './favorites.tables.js'

let store: TestStore
let ana: { userId: string; cookie: string }
let bia: { userId: string; cookie: string }
let kit: { id: number }
let planner: { id: number }
let hidden: { id: number }

beforeAll(async () => {
  store = await createTestStore()
  kit = await insertProduct(store, { name: 'Kit Alfabetização' })
  planner = await insertProduct(store, { name: 'Planner 2026', priceCents: 2990 })
  hidden = await insertProduct(store, { name: 'Retirado', isActive: false })
  ana = await customerSession(store.app)
  bia = await customerSession(store.app)
})
afterAll(() => store.close())

const as = (who: { cookie: string }) => ({ cookie: who.cookie })
const ids = (res: { json: () => unknown }) => (res.json() as FavoriteIds).productIds

describe('favorites of an account', () => {
  it('hearts, lists as cards, and un-hearts, each twice without harm', async () => {
    expect(
      (await call(store, 'PUT', `/api/favorites/${kit.id}`, undefined, as(ana))).statusCode,
    ).toBe(200)
    const again = await call(store, 'PUT', `/api/favorites/${kit.id}`, undefined, as(ana))
    expect(ids(again)).toEqual([kit.id])
    await call(store, 'PUT', `/api/favorites/${planner.id}`, undefined, as(ana))

    const list = await call(store, 'GET', '/api/favorites', undefined, as(ana))
    expect(list.statusCode).toBe(200)
    expect(list.headers['cache-control']).toContain('private')
    const items = list.json<FavoriteList>()
    expect(items.map((i) => i.productId).sort()).toEqual([kit.id, planner.id].sort())
    expect(items.find((i) => i.productId === planner.id)).toMatchObject({
      id: planner.id,
      name: 'Planner 2026',
      price: '29.90',
    })

    const removed = await call(store, 'DELETE', `/api/favorites/${planner.id}`, undefined, as(ana))
    expect(ids(removed)).toEqual([kit.id])
    const twice = await call(store, 'DELETE', `/api/favorites/${planner.id}`, undefined, as(ana))
    expect(twice.statusCode).toBe(200)
    expect(ids(await call(store, 'GET', '/api/favorites/ids', undefined, as(ana)))).toEqual([
      kit.id,
    ])
  })

  it("keeps one account's hearts from another's", async () => {
    expect((await call(store, 'GET', '/api/favorites', undefined, as(bia))).json()).toEqual([])
  })

  it('answers 404 for an unknown or inactive product', async () => {
    for (const id of [hidden.id, 999_999, 'abc']) {
      const res = await call(store, 'PUT', `/api/favorites/${id}`, undefined, as(bia))
      expect(res.statusCode, String(id)).toBe(id === 'abc' ? 400 : 404)
      if (id !== 'abc') expect(res.json()).toEqual({ message: 'Produto não encontrado' })
    }
  })

  it('leaves out a product withdrawn after it was hearted, and shows it again when back', async () => {
    await call(store, 'PUT', `/api/favorites/${planner.id}`, undefined, as(bia))
    await store.database.db
      .update(products)
      .set({ isActive: false })
      .where(eq(products.id, planner.id))
    await store.app.services.catalog.invalidate()
    expect((await call(store, 'GET', '/api/favorites', undefined, as(bia))).json()).toEqual([])
    await store.database.db
      .update(products)
      .set({ isActive: true })
      .where(eq(products.id, planner.id))
    await store.app.services.catalog.invalidate()
    const back = await call(store, 'GET', '/api/favorites', undefined, as(bia))
    expect(back.json<FavoriteList>().map((i) => i.productId)).toEqual([planner.id])
  })

  it("merges a guest's browser list at login, ignoring ids not on sale", async () => {
    const cara = await customerSession(store.app)
    await call(store, 'PUT', `/api/favorites/${kit.id}`, undefined, as(cara))
    const res = await call(
      store,
      'POST',
      '/api/favorites/merge',
      { productIds: [kit.id, planner.id, hidden.id, 999_999, planner.id] },
      as(cara),
    )
    expect(res.statusCode).toBe(200)
    expect(ids(res).sort()).toEqual([kit.id, planner.id].sort())
    const rows = await store.database.db
      .select()
      .from(favorites)
      .where(eq(favorites.userId, cara.userId))
    expect(rows).toHaveLength(2)
  })

  it('refuses a merge longer than a person makes by hand', async () => {
    const productIds = Array.from({ length: 201 }, (_, i) => i + 1)
    const res = await call(store, 'POST', '/api/favorites/merge', { productIds }, as(ana))
    expect(res.statusCode).toBe(400)
  })

  it.each([
    ['GET', '/api/favorites'],
    ['GET', '/api/favorites/ids'],
    ['PUT', '/api/favorites/1'],
    ['DELETE', '/api/favorites/1'],
    ['POST', '/api/favorites/merge'],
  ] as const)(
    'answers %s %s with 401 and a Portuguese message to a stranger',
    async (method, url) => {
      const res = await call(store, method, url, method === 'POST' ? { productIds: [] } : undefined)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ message: 'Entre na sua conta para salvar favoritos' })
    },
  )

  it("refuses a heart sent from another site's page", async () => {
    const res = await call(store, 'PUT', `/api/favorites/${kit.id}`, undefined, {
      cookie: ana.cookie,
      headers: { origin: 'https://outro-site.example' },
    })
    expect(res.statusCode).toBe(403)
  })

  it('leaves one row for fifty hearts of the same product at once', async () => {
    const dani = await customerSession(store.app)
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(store, 'PUT', `/api/favorites/${kit.id}`, undefined, as(dani)),
      ),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200))
    const rows = await store.database.db
      .select()
      .from(favorites)
      .where(eq(favorites.userId, dani.userId))
    expect(rows).toHaveLength(1)
  })

  it('shows the owner how many accounts hearted each product', async () => {
    const admin = await adminSession(store.app)
    const res = await call(store, 'GET', '/api/admin/products-light', undefined, as(admin))
    const list = res.json<AdminProductLight[]>()
    const count = (id: number) => list.find((p) => p.id === id)?.favoritedBy
    // kit: ana, cara, dani; planner: bia, cara; the inactive one: nobody.
    expect([count(kit.id), count(planner.id), count(hidden.id)]).toEqual([3, 2, 0])
  })
})

describe('favorites and the LGPD', () => {
  it("are in her data export, and leave with her account, nobody else's touched", async () => {
    const eva = await customerSession(store.app)
    await call(store, 'PUT', `/api/favorites/${kit.id}`, undefined, as(eva))
    await call(store, 'PUT', `/api/favorites/${kit.id}`, undefined, as(bia))
    const exported = await call(store, 'GET', '/api/user/data-export', undefined, as(eva))
    expect(exported.statusCode, exported.body).toBe(200)
    expect(exported.json<{ favorites: { productId: number }[] }>().favorites).toEqual([
      { productId: kit.id, createdAt: expect.any(String) },
    ])
    const erased = await deleteAccount(store.app, eva.cookie)
    expect(erased.statusCode, erased.body).toBe(200)
    const left = await store.database.db
      .select()
      .from(favorites)
      .where(eq(favorites.userId, eva.userId))
    expect(left).toEqual([])
    const hers = await store.database.db
      .select()
      .from(favorites)
      .where(eq(favorites.userId, bia.userId))
    expect(hers.map((r) => r.productId)).toContain(kit.id)
  })
})

describe("'Compartilhar lista'", () => {
  const tokenOf = (url: string) => url.split('/lista/')[1]!

  it('makes one public link per account, the same at every ask, fifty at once included', async () => {
    const gabi = await customerSession(store.app)
    await call(store, 'PUT', `/api/favorites/${kit.id}`, undefined, as(gabi))
    const before = await call(store, 'GET', '/api/favorites/share', undefined, as(gabi))
    expect(before.json()).toEqual({ url: null })
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(store, 'POST', '/api/favorites/share', undefined, as(gabi)),
      ),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200))
    const urls = new Set(answers.map((a) => a.json<FavoriteShare>().url))
    expect(urls.size).toBe(1)
    const [url] = [...urls] as string[]
    // A random token and nothing of her: no id, no name, no e-mail in the address.
    expect(url).toMatch(/\/lista\/[A-Za-z0-9_-]{22}$/)
    expect(url).not.toContain(gabi.userId)
    expect(url).not.toContain(gabi.email.split('@')[0])
    const again = await call(store, 'GET', '/api/favorites/share', undefined, as(gabi))
    expect(again.json()).toEqual({ url })
  })

  it('shows a stranger the products on sale, and nothing of whose list it is', async () => {
    const hana = await customerSession(store.app, { firstName: 'Hanaísa' })
    await call(store, 'PUT', `/api/favorites/${planner.id}`, undefined, as(hana))
    await call(store, 'PUT', `/api/favorites/${kit.id}`, undefined, as(hana))
    await store.database.db.insert(favorites).values({ userId: hana.userId, productId: hidden.id })
    const { url } = (
      await call(store, 'POST', '/api/favorites/share', undefined, as(hana))
    ).json<FavoriteShare>()
    const res = await call(store, 'GET', `/api/favorites/shared/${tokenOf(url!)}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['x-robots-tag']).toBe('noindex')
    const { items } = res.json<SharedFavorites>()
    expect(items.map((i) => i.productId).sort()).toEqual([kit.id, planner.id].sort())
    expect(res.body).not.toContain('Hanaísa')
    expect(res.body).not.toContain(hana.email)
    expect(res.body).not.toContain(hana.userId)
  })

  it('stops answering at once when she stops sharing; a new share is a new link', async () => {
    const iara = await customerSession(store.app)
    await call(store, 'PUT', `/api/favorites/${kit.id}`, undefined, as(iara))
    const first = (
      await call(store, 'POST', '/api/favorites/share', undefined, as(iara))
    ).json<FavoriteShare>().url!
    // Another account cannot stop it: DELETE only ever ends the caller's own link.
    await call(store, 'DELETE', '/api/favorites/share', undefined, as(bia))
    expect((await call(store, 'GET', `/api/favorites/shared/${tokenOf(first)}`)).statusCode).toBe(
      200,
    )
    const stopped = await call(store, 'DELETE', '/api/favorites/share', undefined, as(iara))
    expect(stopped.json()).toEqual({ url: null })
    const gone = await call(store, 'GET', `/api/favorites/shared/${tokenOf(first)}`)
    expect(gone.statusCode).toBe(404)
    expect(gone.json()).toEqual({ message: 'Esta lista não está mais compartilhada' })
    const second = (
      await call(store, 'POST', '/api/favorites/share', undefined, as(iara))
    ).json<FavoriteShare>().url!
    expect(second).not.toBe(first)
  })

  it('answers a made-up or malformed token with the same words', async () => {
    for (const token of ['A'.repeat(22), 'x', '..%2F..%2Fadmin', 'a'.repeat(70)]) {
      const res = await call(store, 'GET', `/api/favorites/shared/${token}`)
      expect([400, 404], token).toContain(res.statusCode)
      expect(res.json()).toEqual({ message: 'Esta lista não está mais compartilhada' })
    }
  })

  it('asks a stranger to log in before sharing', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await call(store, method, '/api/favorites/share')
      expect(res.statusCode, method).toBe(401)
    }
  })

  it('keeps shared lists out of search engines', async () => {
    const robots = await call(store, 'GET', '/robots.txt')
    expect(robots.body).toContain('Disallow: /lista/')
  })

  it('leaves with her account, link included', async () => {
    const jade = await customerSession(store.app)
    await call(store, 'PUT', `/api/favorites/${kit.id}`, undefined, as(jade))
    const { url } = (
      await call(store, 'POST', '/api/favorites/share', undefined, as(jade))
    ).json<FavoriteShare>()
    const erased = await deleteAccount(store.app, jade.cookie)
    expect(erased.statusCode, erased.body).toBe(200)
    expect((await call(store, 'GET', `/api/favorites/shared/${tokenOf(url!)}`)).statusCode).toBe(
      404,
    )
  })
})
