import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutAnswer, OrderStatusAnswer } from '../../../contracts/checkout.js'
import type { AdminCoupon } from '../../../contracts/coupons.js'
import {
  call,
  guestCheckout,
  guestForm,
  newCartSession,
  WEBHOOK_SECRET as SECRET,
} from '../../testing/commerce.js'
import { guestDownload } from '../../testing/downloads.js'
import type { FakeMercadoPago } from '../../testing/fake-mercadopago.js'
import { createMercadoPagoShop, type MercadoPagoShop } from '../../testing/mercadopago-shop.js'
import type { TestStore } from '../../testing/test-app.js'
import { purchases } from '../downloads/downloads.tables.js'
import { brasiliaIso } from './providers/mercadopago.js'

const MINUTE = 60_000
let shop: MercadoPagoShop
let fake: FakeMercadoPago
let store: TestStore
let kit: { id: number }
let admin: string
let orderRow: MercadoPagoShop['orderRow']
/** The store's clock: real time plus `shop.clock.skew`, moved by the tests. */
const now = () => Date.now() + shop.clock.skew

beforeAll(async () => {
  shop = await createMercadoPagoShop()
  ;({ fake, store, kit, admin, orderRow } = shop)
})
afterAll(() => shop.close())

async function pendingOrder() {
  shop.clock.skew = 0
  const session = newCartSession()
  const form = { email: `ana.${Math.random().toString(36).slice(2)}@exemplo.com` }
  const answer = await guestCheckout(store, session, [{ productId: kit.id }], form)
  const row = await orderRow(answer.order.id)
  return {
    session,
    answer,
    row,
    buyer: { orderId: row.id, email: form.email, whatsapp: '(11) 98765-4321' },
  }
}

const status = async (id: string, session: string) => {
  const res = await call(store, 'GET', `/api/orders/${id}/status`, undefined, { session })
  expect(res.statusCode).toBe(200)
  return res.json<OrderStatusAnswer>()
}

describe('PIX expiry', () => {
  it('charges with pix_expiry_minutes (60 by default) at Mercado Pago and tells the page when', async () => {
    const before = Date.now()
    const { answer, row, session } = await pendingOrder()
    const expiresAt = Date.parse(answer.pixPaymentData!.expiresAt!)
    expect(expiresAt).toBeGreaterThanOrEqual(before + 60 * MINUTE - 1000)
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 60 * MINUTE + 1000)
    expect(row.pixExpiresAt?.toISOString()).toBe(answer.pixPaymentData!.expiresAt)
    const sent = fake.payments.get(row.providerPaymentId!)!
    expect(sent.date_of_expiration).toBe(brasiliaIso(new Date(expiresAt)))

    const polled = await status(row.id, session)
    expect(polled.expiresAt).toBe(answer.pixPaymentData!.expiresAt)
    expect(polled.pixPaymentData?.expiresAt).toBe(answer.pixPaymentData!.expiresAt)
  })

  it('takes the owner’s setting from /admin/config, within 30 minutes and 24 hours', async () => {
    const save = (value: string) =>
      call(
        store,
        'POST',
        '/api/admin/settings',
        { key: 'pix_expiry_minutes', value },
        {
          cookie: admin,
        },
      )
    for (const bad of ['10', '2000', 'uma hora', '-5']) {
      const res = await save(bad)
      expect(res.statusCode).toBe(400)
      expect(res.json<{ message: string }>().message).toBe('Use de 30 a 1440 minutos (24 horas)')
    }
    expect((await save(' 90 ')).statusCode).toBe(200)
    const { answer } = await pendingOrder()
    const left = Date.parse(answer.pixPaymentData!.expiresAt!) - Date.now()
    expect(left).toBeGreaterThan(89 * MINUTE)
    expect(left).toBeLessThanOrEqual(90 * MINUTE)
    expect((await save('60')).statusCode).toBe(200)
  })

  it('cancels an expired order through the close path, and only once it expired', async () => {
    const { row, session } = await pendingOrder()
    const cancelStale = store.app.services.orders.cancelStale
    expect(await cancelStale(now() + 59 * MINUTE)).toBe(0)
    expect((await orderRow(row.id)).status).toBe('pending')

    expect(await cancelStale(now() + 61 * MINUTE)).toBeGreaterThanOrEqual(1)
    const cancelled = await orderRow(row.id)
    expect(cancelled).toMatchObject({ status: 'cancelled', closedReason: 'expired' })
    const polled = await status(row.id, session)
    expect(polled).toMatchObject({ status: 'cancelled', pixPaymentData: null })
  })

  it('cancels on the status poll once the clock passes the expiry, after asking Mercado Pago', async () => {
    const { row, session } = await pendingOrder()
    shop.clock.skew = 61 * MINUTE
    const asked = fake.requests.length
    expect((await status(row.id, session)).status).toBe('cancelled')
    expect(fake.requests.slice(asked).some((r) => r.method === 'GET')).toBe(true)
    expect((await orderRow(row.id)).closedReason).toBe('expired')
  })

  it('pays an order whose payment was made in the last second, on that same poll', async () => {
    const { row, session } = await pendingOrder()
    fake.setStatus(row.providerPaymentId!, 'approved')
    shop.clock.skew = 61 * MINUTE
    expect((await status(row.id, session)).status).toBe('confirmed')
  })

  it('honours a payment that arrives by webhook after the order expired: paid, with its downloads', async () => {
    const { row, buyer } = await pendingOrder()
    await store.app.services.orders.cancelStale(now() + 61 * MINUTE)
    expect((await guestDownload(store, buyer, kit.id)).statusCode).toBe(404)

    fake.setStatus(row.providerPaymentId!, 'approved')
    const deliveries = await Promise.all(
      Array.from({ length: 3 }, () =>
        store.app.inject(fake.webhook(row.providerPaymentId!, { secret: SECRET })),
      ),
    )
    expect(deliveries.map((d) => d.statusCode)).toEqual([200, 200, 200])
    expect(await orderRow(row.id)).toMatchObject({ status: 'paid', closedReason: null })
    const granted = await store.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.orderId, row.id))
    expect(granted).toHaveLength(1)
    expect((await guestDownload(store, buyer, kit.id)).statusCode).toBe(200)
  })

  it('takes back the coupon use an expired order gave up when its late payment arrives', async () => {
    const created = await call(
      store,
      'POST',
      '/api/admin/coupons',
      { code: 'ATRASADO', type: 'percent', value: 10, maxUses: 1 },
      { cookie: admin },
    )
    expect(created.statusCode).toBe(201)
    const coupon = created.json<AdminCoupon>()
    const placed = await call(
      store,
      'POST',
      '/api/checkout',
      { items: [{ productId: kit.id }], customerData: guestForm(), couponCode: 'atrasado' },
      { session: newCartSession() },
    )
    expect(placed.statusCode).toBe(201)
    const row = await orderRow(placed.json<CheckoutAnswer>().order.id)
    const held = async () =>
      (await call(store, 'GET', '/api/admin/coupons', undefined, { cookie: admin }))
        .json<AdminCoupon[]>()
        .find((c) => c.id === coupon.id)!

    await store.app.services.orders.cancelStale(now() + 61 * MINUTE)
    expect(await held()).toMatchObject({ usesHeld: 0, uses: 0 })

    fake.setStatus(row.providerPaymentId!, 'approved')
    await store.app.inject(fake.webhook(row.providerPaymentId!, { secret: SECRET }))
    expect((await orderRow(row.id)).status).toBe('paid')
    expect(await held()).toMatchObject({ usesHeld: 1, uses: 1, discountGiven: '2.99' })
  })

  it('honours a late payment whose webhook was lost, in the scheduled re-check', async () => {
    const { row } = await pendingOrder()
    await store.app.services.orders.cancelStale(now() + 61 * MINUTE)
    fake.setStatus(row.providerPaymentId!, 'approved')
    await store.app.services.payments.recheckPending()
    expect((await orderRow(row.id)).status).toBe('paid')
  })

  it('never pays an order the admin cancelled, even if money arrives', async () => {
    const { row } = await pendingOrder()
    const res = await call(
      store,
      'PUT',
      `/api/admin/orders/${row.id}/status`,
      { status: 'cancelled' },
      { cookie: admin },
    )
    expect(res.statusCode).toBe(200)
    fake.setStatus(row.providerPaymentId!, 'approved')
    await store.app.inject(fake.webhook(row.providerPaymentId!, { secret: SECRET }))
    await store.app.services.payments.recheckPending()
    expect(await orderRow(row.id)).toMatchObject({ status: 'cancelled', closedReason: 'admin' })
  })
})
