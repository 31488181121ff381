import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEBHOOK_SECRET as SECRET } from '../../testing/commerce.js'
import { guestDownload } from '../../testing/downloads.js'
import type { FakeMercadoPago } from '../../testing/fake-mercadopago.js'
import { createMercadoPagoShop, type MercadoPagoShop } from '../../testing/mercadopago-shop.js'
import type { TestStore } from '../../testing/test-app.js'
import { storeRows } from '../../testing/rows.js'

let shop: MercadoPagoShop
let fake: FakeMercadoPago
let store: TestStore
let kit: { id: number }
let orderRow: MercadoPagoShop['orderRow']
let paidOrder: MercadoPagoShop['paidOrder']

beforeAll(async () => {
  shop = await createMercadoPagoShop()
  ;({ fake, store, kit, orderRow, paidOrder } = shop)
})
afterAll(() => shop.close())

const DAY_MS = 24 * 60 * 60 * 1000
const { purchasesOf } = storeRows(() => store)

describe('Mercado Pago refunds and chargebacks', () => {
  it('refunds the order on a signed "refunded" webhook, stops its downloads, and a second one changes nothing', async () => {
    const { buyer, paymentId } = await paidOrder()
    const granted = await guestDownload(store, buyer, kit.id)
    expect(granted.statusCode).toBe(200)
    const link = granted.json<{ downloadUrl: string }>().downloadUrl

    fake.setStatus(paymentId, 'refunded')
    expect((await store.app.inject(fake.webhook(paymentId, { secret: SECRET }))).statusCode).toBe(
      200,
    )
    const refunded = await orderRow(buyer.orderId)
    expect(refunded.status).toBe('refunded')
    const revoked = await purchasesOf(buyer.orderId)
    expect(revoked.every((p) => p.revokedAt !== null)).toBe(true)

    expect((await guestDownload(store, buyer, kit.id)).statusCode).toBe(403)
    expect((await store.app.inject({ method: 'GET', url: link })).statusCode).toBe(403)

    const again = await store.app.inject(fake.webhook(paymentId, { secret: SECRET }))
    expect(again.statusCode).toBe(200)
    expect(await orderRow(buyer.orderId)).toEqual(refunded)
    expect(await purchasesOf(buyer.orderId)).toEqual(revoked)
  })

  it('finds a chargeback whose webhook was lost in the re-check of recently paid orders', async () => {
    const { buyer, paymentId } = await paidOrder()
    fake.setStatus(paymentId, 'charged_back')
    // Re-checked from a clock past the window, the order is not asked about.
    await store.app.services.payments.recheckPaid(Date.now() + 31 * DAY_MS)
    expect((await orderRow(buyer.orderId)).status).toBe('paid')

    const asked = await store.app.services.payments.recheckPaid(Date.now() + DAY_MS)
    expect(asked).toBeGreaterThan(0)
    expect((await orderRow(buyer.orderId)).status).toBe('refunded')
    expect((await guestDownload(store, buyer, kit.id)).statusCode).toBe(403)
  })

  it('leaves a paid order alone while its payment stays approved, or a refund is of another payment', async () => {
    const { buyer, paymentId } = await paidOrder()
    await store.app.services.payments.recheckPaid()
    expect((await orderRow(buyer.orderId)).status).toBe('paid')

    fake.setStatus(paymentId, 'refunded', { external_reference: 'outro-pedido' })
    await store.app.inject(fake.webhook(paymentId, { secret: SECRET }))
    await store.app.services.payments.recheckPaid()
    expect((await orderRow(buyer.orderId)).status).toBe('paid')
    expect((await guestDownload(store, buyer, kit.id)).statusCode).toBe(200)
  })
})
