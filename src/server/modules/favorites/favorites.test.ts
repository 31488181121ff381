import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FavoriteIds, FavoriteList } from '../../../contracts/favorites.js'
import type { AdminProductLight } from '../../../contracts/admin.js'
import { products } from '../products/products.tables.js'
import { adminSession, customerSession, newIp } from '../../testing/auth.js'
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
    const erased = await store.app.inject({
      method: 'POST',
      url: '/api/user/delete-account',
      headers: { cookie: eva.cookie },
      payload: { password: 'senha-segura-1' },
      remoteAddress: newIp(),
    })
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
