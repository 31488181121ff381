import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { ADMIN_LIST_PAGE, type AdminOrder, type AdminUser } from '../../../contracts/admin.js'
import type { AdminRefund } from '../../../contracts/refunds.js'
import { users } from '../accounts/accounts.tables.js'
import { canvaLinks } from '../canva/canva.tables.js'
import { downloadLog, purchases } from '../downloads/downloads.tables.js'
import { orderItems, orders } from '../orders/orders.tables.js'
import { refunds } from '../refunds/refunds.tables.js'
import { adminSession, customerSession } from '../../testing/auth.js'
import { call } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { queryCounter } from '../../testing/query-counter.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

// The admin's lists read their rows and everything each row shows in a fixed number of
// queries: 200 refunds or 10 cost the same. (A query per row made the refunds list ~1,000.)
const counter = queryCounter()
let store: TestStore
let admin: string
let products: { id: number; name: string }[]
let seeded = 0

beforeAll(async () => {
  store = await createTestStore({ queryLogger: counter.logger })
  admin = (await adminSession(store.app)).cookie
  products = [
    await insertProduct(store, { name: 'Alfabeto ilustrado' }),
    await insertProduct(store, { name: 'Caderno de caligrafia' }),
  ]
})
afterAll(() => store.close())

const T0 = Date.parse('2026-11-01T12:00:00Z')
const at = (minutes: number) => new Date(T0 + minutes * 60_000)

/**
 * `n` more paid orders, each of two lines, a purchase of its first line downloaded twice and a
 * Canva link opened, and (with `refunded`) a buyer's refund request under review.
 */
async function seedOrders(n: number, refunded: boolean) {
  const { db } = store.database
  const ids = Array.from({ length: n }, () => `lista-${++seeded}`)
  await db.insert(orders).values(
    ids.map((id, i) => ({
      id,
      customerName: `Cliente ${id}`,
      customerEmail: `${id}@exemplo.com`,
      totalCents: 3980,
      status: 'paid' as const,
      paymentProvider: 'static',
      paidAt: at(i),
    })),
  )
  const lines = await db
    .insert(orderItems)
    .values(
      ids.flatMap((orderId) =>
        products.map((p, k) => ({
          orderId,
          productId: p.id,
          productName: p.name,
          unitPriceCents: 1990,
          quantity: k + 1,
        })),
      ),
    )
    .returning()
  const firstLines = lines.filter((l) => l.productId === products[0]!.id)
  const granted = await db
    .insert(purchases)
    .values(
      firstLines.map((l) => ({
        orderId: l.orderId,
        orderItemId: l.id,
        customerEmail: `${l.orderId}@exemplo.com`,
        productId: l.productId!,
        maxDownloads: 3,
      })),
    )
    .returning()
  await db.insert(downloadLog).values(
    granted.flatMap((p) => [
      { purchaseId: p.id, productId: p.productId, createdAt: at(10) },
      { purchaseId: p.id, productId: p.productId, createdAt: at(30) },
    ]),
  )
  await db.insert(canvaLinks).values(
    granted.map((p) => ({
      purchaseId: p.id,
      productId: products[1]!.id,
      linkUrl: 'https://www.canva.com/design/x',
      usedAt: at(20),
    })),
  )
  if (refunded) {
    await db.insert(refunds).values(
      ids.map((orderId) => ({
        orderId,
        origin: 'buyer' as const,
        status: 'review' as const,
        reason: 'Não era o que eu esperava',
      })),
    )
  }
  return ids
}

const list = async <T>(url: string) => {
  const get = () => call(store, 'GET', url, undefined, { cookie: admin })
  // A first call warms what is cached for a few seconds (settings, the session), so the counted
  // one reads only what the list itself needs, however long the seeding took.
  expect((await get()).statusCode).toBe(200)
  let answer: T[] = []
  const { count } = await counter.during(async () => {
    const res = await get()
    expect(res.statusCode, res.body).toBe(200)
    answer = res.json<T[]>()
  })
  return { answer, count }
}

describe('the admin lists do not query once per row', () => {
  it('GET /api/admin/refunds: the same few queries for 10 refunds and for 200', async () => {
    const [first] = await seedOrders(10, true)
    const few = await list<AdminRefund>('/api/admin/refunds')
    expect(few.answer).toHaveLength(10)
    expect(few.answer.find((r) => r.orderId === first)).toEqual({
      orderId: first,
      origin: 'buyer',
      status: 'review',
      reason: 'Não era o que eu esperava',
      decisionNote: null,
      customerName: `Cliente ${first}`,
      customerEmail: `${first}@exemplo.com`,
      totalAmount: '39.80',
      paymentProvider: 'static',
      items: ['Alfabeto ilustrado', '2× Caderno de caligrafia'],
      paidAt: at(0).toISOString(),
      createdAt: expect.any(String),
      decidedAt: null,
      uses: [
        { kind: 'download', productName: 'Alfabeto ilustrado', at: at(10).toISOString() },
        { kind: 'canva', productName: 'Caderno de caligrafia', at: at(20).toISOString() },
        { kind: 'download', productName: 'Alfabeto ilustrado', at: at(30).toISOString() },
      ],
    })

    await seedOrders(190, true)
    const many = await list<AdminRefund>('/api/admin/refunds')
    expect(many.answer).toHaveLength(200)
    expect(many.answer.every((r) => r.uses.length === 3 && r.items.length === 2)).toBe(true)
    expect(many.count).toBe(few.count)
    expect(many.count).toBeLessThanOrEqual(5)
  })

  it('GET /api/admin/orders: pages of 100, newest first, every order once, a few queries each', async () => {
    // The 200 orders above, and 300 more made by one statement: one created_at for them all,
    // so the pages' order among them is the id's.
    const first = await list<AdminOrder>('/api/admin/orders')
    expect(first.answer).toHaveLength(ADMIN_LIST_PAGE)
    await seedOrders(300, false)
    const seen: AdminOrder[] = []
    let before = ''
    for (;;) {
      const page = await list<AdminOrder>(`/api/admin/orders${before && `?before=${before}`}`)
      expect(page.count).toBeLessThanOrEqual(first.count + 1)
      seen.push(...page.answer)
      if (page.answer.length < ADMIN_LIST_PAGE) break
      before = page.answer.at(-1)!.id
    }
    expect(seen).toHaveLength(500)
    expect(new Set(seen.map((o) => o.id)).size).toBe(500)
    expect(seen.every((o, i) => i === 0 || o.createdAt <= seen[i - 1]!.createdAt)).toBe(true)
    expect(seen.every((o) => o.items.length === 2)).toBe(true)
  })

  it('GET /api/admin/users: pages of 100, newest first, every account once', async () => {
    await store.database.db.insert(users).values(
      Array.from({ length: 150 }, (_, i) => ({
        email: `conta-${i}@exemplo.com`,
        firstName: `Conta ${i}`,
      })),
    )
    const seen: AdminUser[] = []
    let before = ''
    for (;;) {
      const page = await list<AdminUser>(`/api/admin/users${before && `?before=${before}`}`)
      seen.push(...page.answer)
      if (page.answer.length < ADMIN_LIST_PAGE) break
      before = page.answer.at(-1)!.id
    }
    // The 150, the admin and the buyers of the lists above.
    expect(seen).toHaveLength(await store.database.db.$count(users))
    expect(seen.length).toBeGreaterThan(150)
    expect(new Set(seen.map((u) => u.id)).size).toBe(seen.length)
    expect(seen.every((u, i) => i === 0 || u.createdAt <= seen[i - 1]!.createdAt)).toBe(true)
  })

  it('?before= a row it does not know is a 404; an empty or malformed one a 400', async () => {
    const get = (url: string) => call(store, 'GET', url, undefined, { cookie: admin })
    const order = await get('/api/admin/orders?before=nao-existe')
    expect(order.statusCode).toBe(404)
    expect(order.json()).toEqual({ message: 'Pedido não encontrado' })
    expect((await get('/api/admin/orders?before=')).statusCode).toBe(400)
    const user = await get(`/api/admin/users?before=${randomUUID()}`)
    expect(user.statusCode).toBe(404)
    expect(user.json()).toEqual({ message: 'Usuário não encontrado' })
    expect((await get('/api/admin/users?before=nao-e-um-uuid')).statusCode).toBe(400)
  })

  it('a page after a known id: refused to a buyer and to a stranger, the same page to 30 at once', async () => {
    const [, second] = (await list<AdminOrder>('/api/admin/orders')).answer
    const url = `/api/admin/orders?before=${second!.id}`
    const buyer = (await customerSession(store.app)).cookie
    expect((await call(store, 'GET', url, undefined, { cookie: buyer })).statusCode).toBe(403)
    expect((await call(store, 'GET', url)).statusCode).toBe(401)
    const users = `/api/admin/users?before=${randomUUID()}`
    expect((await call(store, 'GET', users, undefined, { cookie: buyer })).statusCode).toBe(403)
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => call(store, 'GET', url, undefined, { cookie: admin })),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200))
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)
    expect(answers[0]!.json<AdminOrder[]>().map((o) => o.id)).not.toContain(second!.id)
  })
})
