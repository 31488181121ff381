import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderStatusAnswer } from '../../../contracts/checkout.js'
import { canvaLinks } from '../canva/canva.tables.js'
import { orders } from './orders.tables.js'
import { products } from '../products/products.tables.js'
import { call, cookieFrom, guestCheckout, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { storeRows } from '../../testing/rows.js'
import { canTransition, ORDER_TRANSITIONS } from './order-states.js'

let store: TestStore
let kit: { id: number }
let canva: { id: number }

beforeAll(async () => {
  store = await createTestStore()
  kit = await insertProduct(store, { name: 'Kit', priceCents: 2990 })
  canva = await insertProduct(store, { name: 'Modelo Canva', priceCents: 1500 })
  await store.database.db
    .update(products)
    .set({ canvaTemplateId: 'DAGabc123' })
    .where(eq(products.id, canva.id))
  store.app.services.catalog.invalidate()
})
afterAll(() => store.close())

const status = (id: string, opts: { session?: string; cookie?: string }) =>
  call(store, 'GET', `/api/orders/${id}/status`, undefined, opts)
const { purchasesOf } = storeRows(() => store)

describe('GET /api/orders/:id/status', () => {
  it('answers the owner session with the pending status and the QR, anyone else 404', async () => {
    const session = newCartSession()
    const { order, pixPaymentData } = await guestCheckout(store, session, [{ productId: kit.id }])
    const mine = await status(order.id, { session })
    expect(mine.statusCode).toBe(200)
    expect(mine.json<OrderStatusAnswer>()).toEqual({
      id: order.id,
      status: 'pending',
      subtotalAmount: '29.90',
      discountAmount: '0.00',
      totalAmount: '29.90',
      couponCode: null,
      pixPaymentData,
      expiresAt: pixPaymentData!.expiresAt,
      awaitingConfirmation: false,
      canClaimPayment: true,
    })
    for (const other of [{ session: newCartSession() }, {}]) {
      const res = await status(order.id, other)
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Pedido não encontrado' }])
    }
    expect((await status('nao-existe', { session })).statusCode).toBe(404)
  })

  it('answers an admin for any order', async () => {
    const { order } = await guestCheckout(store, newCartSession(), [{ productId: kit.id }])
    const login = await call(store, 'POST', '/api/admin/login', {
      username: 'admin@teste.com',
      password: 'admin-senha-123',
    })
    expect(login.statusCode).toBe(200)
    const res = await status(order.id, { cookie: cookieFrom(login), session: newCartSession() })
    expect(res.statusCode).toBe(200)
  })
})

describe('POST /api/orders/:id/confirm-payment', () => {
  it('in demo mode marks the order paid: status confirmed, purchases of max_downloads × quantity', async () => {
    const session = newCartSession()
    const { order } = await guestCheckout(store, session, [
      { productId: kit.id, quantity: 2 },
      { productId: canva.id },
    ])
    const res = await call(
      store,
      'POST',
      `/api/orders/${order.id}/confirm-payment`,
      {
        paymentData: { confirmedAt: new Date().toISOString() },
      },
      { session },
    )
    expect(res.json<OrderStatusAnswer>()).toMatchObject({
      status: 'confirmed',
      pixPaymentData: null,
    })
    expect((await status(order.id, { session })).json<OrderStatusAnswer>().status).toBe('confirmed')
    const granted = await purchasesOf(order.id)
    expect(granted.map((p) => [p.productId, p.maxDownloads]).sort()).toEqual(
      [
        [kit.id, 6],
        [canva.id, 3],
      ].sort(),
    )
    const links = await store.database.db.select().from(canvaLinks)
    expect(links.filter((l) => granted.some((p) => p.id === l.purchaseId))).toMatchObject([
      {
        productId: canva.id,
        linkUrl: 'https://www.canva.com/design/DAGabc123/view',
        templateId: 'DAGabc123',
      },
    ])
  })

  it("is 404 for a stranger's order and never pays it", async () => {
    const { order } = await guestCheckout(store, newCartSession(), [{ productId: kit.id }])
    const res = await call(
      store,
      'POST',
      `/api/orders/${order.id}/confirm-payment`,
      {},
      { session: newCartSession() },
    )
    expect(res.statusCode).toBe(404)
    expect(await purchasesOf(order.id)).toHaveLength(0)
  })

  it('outside demo mode never takes the customer’s word for it', async () => {
    await store.app.services.settings.set('pix_key', 'loja@exemplo.com')
    try {
      const session = newCartSession()
      const { order } = await guestCheckout(store, session, [{ productId: kit.id }])
      const res = await call(
        store,
        'POST',
        `/api/orders/${order.id}/confirm-payment`,
        {},
        { session },
      )
      expect(res.json<OrderStatusAnswer>().status).toBe('pending')
      expect(await purchasesOf(order.id)).toHaveLength(0)
    } finally {
      await store.app.services.settings.set('pix_key', '')
    }
  })
})

describe('markOrderPaid', () => {
  it('creates one set of purchases out of 20 simultaneous confirmations', async () => {
    const { order } = await guestCheckout(store, newCartSession(), [
      { productId: kit.id, quantity: 3 },
      { productId: canva.id },
    ])
    const { orders: service } = store.app.services
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        service.markOrderPaid(order.id, i % 2 ? 'admin' : 'recheck'),
      ),
    )
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await purchasesOf(order.id)).toHaveLength(2)
    const [row] = await store.database.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row!.status).toBe('paid')
    expect(row!.paidAt).toBeInstanceOf(Date)
    expect(await service.markOrderPaid(order.id, 'webhook')).toBe(false)
  })

  it('does not pay a cancelled order', async () => {
    const { order } = await guestCheckout(store, newCartSession(), [{ productId: kit.id }])
    expect(await store.app.services.orders.cancelPending(order.id)).toBe(true)
    expect(await store.app.services.orders.markOrderPaid(order.id, 'admin')).toBe(false)
    expect(await purchasesOf(order.id)).toHaveLength(0)
  })
})

describe('expiry of pending orders', () => {
  it('cancels pending orders older than 24 h and nothing else', async () => {
    const session = newCartSession()
    const old = (await guestCheckout(store, session, [{ productId: kit.id }])).order
    const recent = (await guestCheckout(store, session, [{ productId: kit.id }])).order
    const paidOld = (await guestCheckout(store, session, [{ productId: kit.id }])).order
    await store.app.services.orders.markOrderPaid(paidOld.id, 'admin')
    const { db } = store.database
    await db
      .update(orders)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(sql`${orders.id} in (${old.id}, ${paidOld.id})`)
    expect(await store.app.services.orders.cancelStale()).toBeGreaterThanOrEqual(1)
    const answer = (id: string) =>
      status(id, { session }).then((r) => r.json<OrderStatusAnswer>().status)
    expect(await answer(old.id)).toBe('cancelled')
    expect(await answer(recent.id)).toBe('pending')
    expect(await answer(paidOld.id)).toBe('confirmed')
    const confirm = await call(
      store,
      'POST',
      `/api/orders/${old.id}/confirm-payment`,
      {},
      { session },
    )
    expect(confirm.json<OrderStatusAnswer>().status).toBe('cancelled')
  })

  it('runs at start and stops with the app when the timers are on', async () => {
    const timed = await createTestStore({ backgroundJobs: true })
    await timed.close()
  })
})

describe('order state machine', () => {
  it('allows pending → paid → refunded, pending → cancelled, and the buyer’s “Já paguei” only', () => {
    expect(ORDER_TRANSITIONS).toEqual({
      pending: ['paid', 'cancelled', 'awaiting_confirmation'],
      awaiting_confirmation: ['paid', 'cancelled'],
      paid: ['refunded'],
      // An expired PIX to the store's own key (isClaimable says which cancelled ones).
      cancelled: ['awaiting_confirmation'],
      refunded: [],
    })
    expect(canTransition('pending', 'paid')).toBe(true)
    expect(canTransition('awaiting_confirmation', 'paid')).toBe(true)
    expect(canTransition('paid', 'awaiting_confirmation')).toBe(false)
    expect(canTransition('cancelled', 'paid')).toBe(false)
    expect(canTransition('refunded', 'paid')).toBe(false)
  })
})
