import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CanvaLinkView, CustomerOrder, CustomerPurchase } from '../../../contracts/customer.js'
import { canvaLinks } from '../canva/canva.tables.js'
import { purchases } from '../downloads/downloads.tables.js'
import { orderItems, orders } from '../orders/orders.tables.js'
import { customerSession } from '../../testing/auth.js'
import { call, cookieFrom, guestForm, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

let store: TestStore
let ana: { userId: string; cookie: string; email: string }
let bia: { userId: string; cookie: string; email: string }
let kit: { id: number }
let planner: { id: number }

/** A paid order of `userId` for one of each product, with its purchases, as checkout leaves it. */
async function paidOrder(userId: string | null, email: string, products: { id: number }[]) {
  const { db } = store.database
  const id = `ord-${Math.random().toString(36).slice(2)}`
  await db.insert(orders).values({
    id,
    userId,
    customerName: 'Ana Professora',
    customerEmail: email,
    totalCents: 1990 * products.length,
    status: 'paid',
    paymentProvider: 'demo',
  })
  for (const product of products) {
    const [item] = await db
      .insert(orderItems)
      .values({
        orderId: id,
        productId: product.id,
        productName: 'Na compra',
        unitPriceCents: 1990,
        quantity: 1,
      })
      .returning()
    await db.insert(purchases).values({
      orderId: id,
      orderItemId: item!.id,
      userId,
      customerEmail: email,
      productId: product.id,
      maxDownloads: 3,
      downloadCount: product === kit ? 1 : 0,
    })
  }
  return id
}

beforeAll(async () => {
  store = await createTestStore()
  kit = await insertProduct(store, { name: 'Kit Alfabetização', priceCents: 1990 })
  planner = await insertProduct(store, { name: 'Planner 2026', priceCents: 2990 })
  ana = await customerSession(store.app)
  bia = await customerSession(store.app)
  await paidOrder(ana.userId, ana.email, [kit, planner])
  await store.database.db.insert(orders).values({
    id: `ord-pending-${Date.now()}`,
    userId: ana.userId,
    customerName: 'Ana Professora',
    customerEmail: ana.email,
    totalCents: 2990,
    status: 'pending',
    paymentProvider: 'demo',
    createdAt: new Date(Date.now() + 60_000),
  })
  // A guest who used Ana's e-mail: not hers until she proves it (guest lookup with WhatsApp).
  await paidOrder(null, ana.email, [planner])
  await paidOrder(bia.userId, bia.email, [kit])
  await store.database.db.insert(canvaLinks).values({
    productId: kit.id,
    userId: ana.userId,
    linkUrl: 'https://www.canva.com/design/abc/view?utm_content=modelo',
  })
})
afterAll(() => store.close())

const get = (url: string, cookie?: string) =>
  store.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })

describe('customer area', () => {
  it.each(['/api/user/purchases', '/api/user/orders', '/api/canva-links'])(
    'answers %s with 401 to anonymous callers',
    async (url) => {
      const res = await get(url)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toHaveProperty('message')
    },
  )

  it('lists only the account’s own purchases, with product, quota and files', async () => {
    const res = await get('/api/user/purchases', ana.cookie)
    expect(res.statusCode).toBe(200)
    const list = res.json<CustomerPurchase[]>()
    expect(list).toHaveLength(2)
    const bought = list.find((p) => p.productId === kit.id)!
    expect(bought).toMatchObject({
      product: { name: 'Kit Alfabetização', price: '19.90', description: expect.any(String) },
      downloadCount: 1,
      maxDownloads: 3,
      files: [{ fileName: expect.stringMatching(/\.pdf$/), mimeType: 'application/pdf' }],
    })
    expect(bought.product.imageUrl).toMatch(`/api/products/${kit.id}/image?v=`)
  })

  it('leaves out a refunded purchase, whose downloads stopped', async () => {
    expect((await get('/api/user/purchases', bia.cookie)).json()).toHaveLength(1)
    await store.database.db
      .update(purchases)
      .set({ revokedAt: new Date() })
      .where(eq(purchases.userId, bia.userId))
    expect((await get('/api/user/purchases', bia.cookie)).json()).toEqual([])
  })

  it('lists the account’s orders newest first with items and decimal totals', async () => {
    const list = (await get('/api/user/orders', ana.cookie)).json<CustomerOrder[]>()
    expect(list.map((o) => o.status)).toEqual(['pending', 'paid'])
    expect(list[1]).toMatchObject({
      totalAmount: '39.80',
      paymentMethod: 'pix',
      createdAt: expect.any(String),
      items: [
        { productId: kit.id, quantity: 1, unitPrice: '19.90' },
        { productId: planner.id, quantity: 1, unitPrice: '19.90' },
      ],
    })
    const other = (await get('/api/user/orders', bia.cookie)).json<CustomerOrder[]>()
    expect(other).toHaveLength(1)
  })

  it('lists the account’s template links', async () => {
    const list = (await get('/api/canva-links', ana.cookie)).json<CanvaLinkView[]>()
    expect(list).toEqual([
      {
        id: expect.any(Number),
        productId: kit.id,
        // The store's address that checks and counts, never Canva's own.
        linkUrl: expect.stringMatching(/^\/canva\/\d+$/),
        usedAt: null,
        product: { name: 'Kit Alfabetização' },
      },
    ])
    expect((await get('/api/canva-links', bia.cookie)).json()).toEqual([])
  })

  it('gives a guest order placed with createAccount to the new account, purchases once paid', async () => {
    const session = newCartSession()
    const form = guestForm({ createAccount: true, password: 'segredo1' })
    const placed = await call(
      store,
      'POST',
      '/api/checkout',
      { items: [{ productId: planner.id, quantity: 2 }], customerData: form },
      { session },
    )
    expect(placed.statusCode).toBe(201)
    const cookie = cookieFrom(placed)
    const { order } = placed.json<{ order: { id: string } }>()
    const mine = (await get('/api/user/orders', cookie)).json<CustomerOrder[]>()
    expect(mine.map((o) => [o.id, o.status, o.totalAmount])).toEqual([
      [order.id, 'pending', '59.80'],
    ])
    // No PIX configured: demo mode, where the buyer's own confirmation pays the order.
    const paid = await call(
      store,
      'POST',
      `/api/orders/${order.id}/confirm-payment`,
      { paymentData: { confirmedAt: new Date().toISOString() } },
      { session, cookie },
    )
    expect(paid.statusCode).toBe(200)
    const purchasesNow = (await get('/api/user/purchases', cookie)).json<CustomerPurchase[]>()
    expect(purchasesNow).toMatchObject([
      { productId: planner.id, downloadCount: 0, maxDownloads: 6, product: { price: '29.90' } },
    ])
  })
})
