import { randomBytes } from 'node:crypto'
import { adminSession } from './auth.js'
import {
  createMercadoPagoStore,
  guestCheckout,
  newCartSession,
  WEBHOOK_SECRET,
} from './commerce.js'
import type { GuestBuyer } from './downloads.js'
import { insertProduct } from './fixtures.js'
import { storeRows } from './rows.js'

export type MercadoPagoShop = Awaited<ReturnType<typeof createMercadoPagoShop>>

/**
 * What the PIX and refund tests share: a store charging through a fake Mercado Pago, one kit at
 * R$ 29,90, the owner's session, and the store's clock (real time plus `clock.skew` ms).
 */
export async function createMercadoPagoShop() {
  const clock = { skew: 0 }
  const { fake, store, close } = await createMercadoPagoStore({
    now: () => new Date(Date.now() + clock.skew),
  })
  const kit = await insertProduct(store, { name: 'Kit Alfabetização', priceCents: 2990 })
  const admin = (await adminSession(store.app)).cookie
  const { orderRow } = storeRows(() => store)

  /** A guest's PIX order for the kit, made now (the clock set back) and paid by a signed webhook. */
  async function paidOrder() {
    clock.skew = 0
    const session = newCartSession()
    const email = `bia.${randomBytes(4).toString('hex')}@exemplo.com`
    const whatsapp = '(11) 98765-4321'
    const answer = await guestCheckout(store, session, [{ productId: kit.id }], { email, whatsapp })
    const paymentId = (await orderRow(answer.order.id)).providerPaymentId!
    fake.setStatus(paymentId, 'approved')
    const res = await store.app.inject(fake.webhook(paymentId, { secret: WEBHOOK_SECRET }))
    const status = (await orderRow(answer.order.id)).status
    if (res.statusCode !== 200 || status !== 'paid') {
      throw new Error(`webhook: ${res.statusCode} ${res.body}, order ${status}`)
    }
    const buyer: GuestBuyer = { orderId: answer.order.id, email, whatsapp }
    return { session, buyer, paymentId }
  }

  return { fake, store, close, kit, admin, clock, orderRow, paidOrder }
}
