import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  AdminAnalytics,
  AdminOrder,
  AdminProductLight,
  AdminUser,
  DownloadStat,
} from '../../../contracts/admin.js'
import type { Product } from '../../../contracts/products.js'
import { downloadLog } from '../downloads/downloads.tables.js'
import { adminSession, customerSession } from '../../testing/auth.js'
import { call, guestCheckout, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

let store: TestStore
let admin: string
let older: { id: number }
let hidden: { id: number }
let newest: { id: number }
let paidOrder: string
let pendingOrder: string

beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
  older = await insertProduct(store, { name: 'Antigo', category: 'matematica', priceCents: 1000 })
  hidden = await insertProduct(store, { name: 'Inativo', category: 'matematica', isActive: false })
  newest = await insertProduct(store, { name: 'Novo', category: 'ciencias', priceCents: 2500 })
  await customerSession(store.app)
  paidOrder = (await guestCheckout(store, newCartSession(), [{ productId: older.id, quantity: 3 }]))
    .order.id
  pendingOrder = (await guestCheckout(store, newCartSession(), [{ productId: newest.id }])).order.id
  await call(
    store,
    'PUT',
    `/api/admin/orders/${paidOrder}/status`,
    { status: 'paid' },
    {
      cookie: admin,
    },
  )
  await store.database.db.insert(downloadLog).values([
    { productId: older.id, ip: '10.0.0.1' },
    { productId: older.id, ip: '10.0.0.2' },
  ])
})
afterAll(() => store.close())

const read = async <T>(url: string) => {
  const res = await call(store, 'GET', url, undefined, { cookie: admin })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['cache-control']).toBe('no-store')
  return res.json<T>()
}

describe('admin reads', () => {
  it('lists every product, inactive too, newest first, light and full', async () => {
    const light = await read<AdminProductLight[]>('/api/admin/products-light')
    expect(light.map((p) => p.id)).toEqual([newest.id, hidden.id, older.id])
    expect(light[1]).toEqual({
      id: hidden.id,
      name: 'Inativo',
      price: '19.90',
      category: 'matematica',
      isActive: false,
      imageUrl: expect.stringMatching(new RegExp(`^/api/products/${hidden.id}/image\\?v=\\w+$`)),
      createdAt: expect.any(String),
      // Nobody keeps it in 'Favoritos' (favorites.test.ts counts hearts).
      favoritedBy: 0,
    })
    const full = await read<Product[]>('/api/admin/products')
    expect(full.map((p) => p.id)).toEqual([newest.id, hidden.id, older.id])
    expect(full[1]).toMatchObject({ isActive: false, downloadFileName: expect.any(String) })
  })

  it('sums revenue from paid orders only, with stats per category', async () => {
    const analytics = await read<AdminAnalytics>('/api/admin/analytics')
    expect(analytics.totals).toEqual({ users: 2, products: 3, orders: 2, revenue: '30.00' })
    expect(analytics.recentOrders.map((o) => o.id)).toEqual([pendingOrder, paidOrder])
    expect(analytics.productStats).toEqual([
      { category: 'matematica', count: 2, revenue: '30.00' },
      { category: 'ciencias', count: 1, revenue: '0.00' },
    ])
  })

  it('lists orders with their lines, newest first', async () => {
    const orders = await read<AdminOrder[]>('/api/admin/orders')
    expect(orders.map((o) => [o.id, o.status])).toEqual([
      [pendingOrder, 'pending'],
      [paidOrder, 'paid'],
    ])
    expect(orders[1]).toMatchObject({
      totalAmount: '30.00',
      paymentMethod: 'pix',
      customerEmail: expect.stringContaining('@'),
      items: [{ productId: older.id, productName: 'Antigo', quantity: 3, unitPrice: '10.00' }],
    })
  })

  it('lists users without a trace of their passwords', async () => {
    const res = await call(store, 'GET', '/api/admin/users', undefined, { cookie: admin })
    const users = res.json<AdminUser[]>()
    expect(users.map((u) => u.role).sort()).toEqual(['superadmin', 'user'])
    expect(res.body).not.toMatch(/password|hash|scrypt/i)
    expect(Object.keys(users[0]!).sort()).toEqual(
      ['createdAt', 'email', 'firstName', 'id', 'isActive', 'lastName', 'role', 'whatsapp'].sort(),
    )
  })

  it('counts purchases and downloads per product', async () => {
    const stats = await read<DownloadStat[]>('/api/admin/downloads')
    expect(stats[0]).toEqual({
      productId: older.id,
      productName: 'Antigo',
      totalPurchases: 1,
      totalDownloads: 2,
    })
    expect(stats.map((s) => s.productId).sort()).toEqual([older.id, hidden.id, newest.id].sort())
  })
})
