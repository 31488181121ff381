import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RefundRequestAnswer } from '../../../contracts/refunds.js'
import { call } from '../../testing/commerce.js'
import { guestDownload } from '../../testing/downloads.js'
import { createMercadoPagoShop, type MercadoPagoShop } from '../../testing/mercadopago-shop.js'

/**
 * With a real provider, the refund call runs before the order is closed, so
 * the automatic refund's claim must hold across that call.
 */
let shop: MercadoPagoShop
beforeAll(async () => {
  shop = await createMercadoPagoShop()
})
afterAll(() => shop.close())

const ask = (orderId: string, session: string) =>
  call(shop.store, 'POST', `/api/orders/${orderId}/refund-request`, {}, { session })

describe('while Mercado Pago is refunding', () => {
  it('serves no download until it answers, and none after the order is refunded', async () => {
    const { session, buyer } = await shop.paidOrder()
    const gate = shop.fake.holdRefunds()
    const request = ask(buyer.orderId, session)
    await gate.arrived
    const during = await guestDownload(shop.store, buyer, shop.kit.id)
    expect(during.statusCode).toBe(403)
    expect(during.json()).toEqual({
      message: 'O reembolso desta compra está em andamento: os downloads estão suspensos.',
    })
    gate.release()
    expect((await request).json<RefundRequestAnswer>().status).toBe('refunded')
    expect((await guestDownload(shop.store, buyer, shop.kit.id)).statusCode).toBe(403)
  })

  it('gives the materials back when the provider is away, and the owner decides', async () => {
    const { session, buyer } = await shop.paidOrder()
    shop.fake.failNext(5)
    const res = await ask(buyer.orderId, session)
    expect(res.json<RefundRequestAnswer>().status).toBe('review')
    expect((await shop.orderRow(buyer.orderId)).status).toBe('paid')
    expect((await guestDownload(shop.store, buyer, shop.kit.id)).statusCode).toBe(200)
  })
})
