import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutAnswer, OrderStatusAnswer } from '../../../contracts/checkout.js'
import { orders } from '../orders/orders.tables.js'
import {
  call,
  createMercadoPagoStore,
  guestCheckout,
  newCartSession,
} from '../../testing/commerce.js'
import { FAKE_QR_BASE64 } from '../../testing/fake-mercadopago.js'
import type { FakeMercadoPago } from '../../testing/fake-mercadopago.js'
import { insertProduct } from '../../testing/fixtures.js'
import type { TestStore } from '../../testing/test-app.js'
import { storeRows } from '../../testing/rows.js'

let fake: FakeMercadoPago
let store: TestStore
let close: () => Promise<void>
let kit: { id: number }

beforeAll(async () => {
  ;({ fake, store, close } = await createMercadoPagoStore())
  kit = await insertProduct(store, { name: 'Kit Alfabetização', priceCents: 2990 })
})
afterAll(() => close())

const { orderRow } = storeRows(() => store)

/** A PIX order charged at the fake; its answer and the fake's payment id. */
async function pixOrder(quantity = 1) {
  const session = newCartSession()
  const answer = await guestCheckout(store, session, [{ productId: kit.id, quantity }], {
    firstName: 'Maria',
    lastName: 'Souza',
  })
  const paymentId = (await orderRow(answer.order.id)).providerPaymentId!
  return { session, answer, paymentId }
}

describe('PIX through Mercado Pago', () => {
  it('creates the payment with the wire format and an idempotency key, and shows its QR', async () => {
    const { answer, paymentId } = await pixOrder(2)
    const request = fake.requests.findLast((r) => r.method === 'POST' && r.path === '/v1/payments')!
    expect(request.headers.authorization).toBe(`Bearer ${fake.token}`)
    expect(request.headers['x-idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(request.body).toMatchObject({
      transaction_amount: 59.8,
      payment_method_id: 'pix',
      payer: { first_name: 'Maria', last_name: 'Souza', email: answer.order.customerEmail },
      external_reference: answer.order.id,
      notification_url: 'https://loja.test/api/webhooks/mercadopago?source_news=webhooks',
      date_of_expiration: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-03:00$/),
    })
    const payment = fake.payments.get(paymentId)!
    expect(answer.pixPaymentData).toEqual({
      qrCodeBase64: `data:image/png;base64,${FAKE_QR_BASE64}`,
      qrCode: payment.point_of_interaction!.transaction_data.qr_code,
      amount: '59.80',
      ticketUrl: payment.point_of_interaction!.transaction_data.ticket_url,
      isDemo: false,
      provider: 'mercadopago',
      recipientName: null,
      expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    })
  })

  it('answers 503 when Mercado Pago fails, and the order does not stay pending', async () => {
    fake.failNext(1)
    const before = await store.database.db.select().from(orders)
    const res = await call(
      store,
      'POST',
      '/api/checkout',
      {
        items: [{ productId: kit.id }],
        customerData: {
          firstName: 'A',
          lastName: 'B',
          email: 'a@b.com',
          whatsapp: '(11) 98765-4321',
          createAccount: false,
          acceptTerms: true,
        },
      },
      { session: newCartSession() },
    )
    expect(res.statusCode).toBe(503)
    expect(res.json<{ message: string }>().message).toMatch(/PIX/)
    const after = await store.database.db.select().from(orders)
    const created = after.filter((o) => !before.some((b) => b.id === o.id))
    expect(created.map((o) => o.status)).toEqual(['cancelled'])
  })
})

describe('re-checks, for webhooks that never arrive', () => {
  it('the scheduled re-check pays approved payments and leaves pending ones', async () => {
    const lost = await pixOrder()
    const waiting = await pixOrder()
    fake.setStatus(lost.paymentId, 'approved')
    expect(await store.app.services.payments.recheckPending()).toBeGreaterThanOrEqual(2)
    expect((await orderRow(lost.answer.order.id)).status).toBe('paid')
    expect((await orderRow(waiting.answer.order.id)).status).toBe('pending')
  })

  it('status polling and the confirm button ask Mercado Pago, never the customer', async () => {
    const { answer, paymentId, session } = await pixOrder()
    const confirm = () =>
      call(store, 'POST', `/api/orders/${answer.order.id}/confirm-payment`, {}, { session })
    expect((await confirm()).json<OrderStatusAnswer>().status).toBe('pending')
    fake.setStatus(paymentId, 'approved')
    const polled = await call(store, 'GET', `/api/orders/${answer.order.id}/status`, undefined, {
      session,
    })
    expect(polled.json<OrderStatusAnswer>()).toMatchObject({
      status: 'confirmed',
      pixPaymentData: null,
    })
  })
})

describe('a checkout answer', () => {
  it('is typed as the contract says', async () => {
    const { answer } = await pixOrder()
    const typed: CheckoutAnswer = answer
    expect(typed.pixData!.qr_code_base64).toBe(FAKE_QR_BASE64)
  })
})
