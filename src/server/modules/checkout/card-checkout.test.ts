import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  call,
  createMercadoPagoStore,
  newCartSession,
  WEBHOOK_SECRET as SECRET,
} from '../../testing/commerce.js'
import type { FakeMercadoPago } from '../../testing/fake-mercadopago.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
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

describe('card checkout (Checkout Pro)', () => {
  const customer = {
    firstName: 'Carla',
    lastName: 'Dias',
    email: 'carla@exemplo.com',
    phone: '11987654321',
  }

  it('makes a preference from database prices and answers init_point', async () => {
    const session = newCartSession()
    const res = await call(
      store,
      'POST',
      '/api/create-order-mercadopago',
      {
        items: [{ productId: kit.id, quantity: 2, name: 'Outro nome', price: '0.01' }],
        customer,
        totalAmount: '0.02',
      },
      { session },
    )
    expect(res.statusCode).toBe(201)
    const answer = res.json<{ init_point: string; orderId: string; preferenceId: string }>()
    expect(answer.init_point).toBe(fake.preferences.get(answer.preferenceId)!.init_point)
    const preference = fake.preferences.get(answer.preferenceId)!
    expect(preference).toMatchObject({
      items: [
        {
          id: String(kit.id),
          title: 'Kit Alfabetização',
          quantity: 2,
          currency_id: 'BRL',
          unit_price: 29.9,
        },
      ],
      external_reference: answer.orderId,
      auto_return: 'approved',
      notification_url: 'https://loja.test/api/webhooks/mercadopago?source_news=webhooks',
      back_urls: { success: `https://loja.test/checkout?order=${answer.orderId}` },
    })
    expect(await orderRow(answer.orderId)).toMatchObject({
      totalCents: 5980,
      paymentMethod: 'card',
      paymentProvider: 'mercadopago',
      status: 'pending',
      sessionId: session,
    })

    // The buyer pays by card; Mercado Pago's notification pays the order.
    const payment = fake.payPreference(answer.preferenceId)
    expect((await store.app.inject(fake.webhook(payment.id, { secret: SECRET }))).statusCode).toBe(
      200,
    )
    expect(await orderRow(answer.orderId)).toMatchObject({
      status: 'paid',
      providerPaymentId: String(payment.id),
    })
  })

  it('finds a card payment by its reference when the webhook is lost', async () => {
    const res = await call(
      store,
      'POST',
      '/api/create-order-mercadopago',
      {
        items: [{ productId: kit.id }],
        customer,
      },
      { session: newCartSession() },
    )
    const answer = res.json<{ orderId: string; preferenceId: string }>()
    fake.payPreference(answer.preferenceId)
    await store.app.services.payments.recheckPending()
    expect((await orderRow(answer.orderId)).status).toBe('paid')
  })

  it("answers the form's messages", async () => {
    const session = { session: newCartSession() }
    const empty = await call(
      store,
      'POST',
      '/api/create-order-mercadopago',
      { items: [], customer },
      session,
    )
    expect([empty.statusCode, empty.json()]).toEqual([400, { message: 'Carrinho vazio' }])
    for (const missing of ['firstName', 'lastName', 'email']) {
      const res = await call(
        store,
        'POST',
        '/api/create-order-mercadopago',
        {
          items: [{ productId: kit.id }],
          customer: { ...customer, [missing]: '' },
        },
        session,
      )
      expect([res.statusCode, res.json()]).toEqual([
        400,
        { message: 'Preencha pelo menos nome e email.' },
      ])
    }
  })
})

describe('GET /api/payments/methods', () => {
  it('offers card and PIX with Mercado Pago', async () => {
    const res = await call(store, 'GET', '/api/payments/methods')
    expect([res.statusCode, res.json()]).toEqual([
      200,
      {
        pix: true,
        card: true,
        taxIdRequired: false,
        pixConfirmation: 'automatic',
        invoice: false,
        pixAutomatico: false,
      },
    ])
  })

  it('says card is off in a store without Mercado Pago, before anyone fills the form', async () => {
    const plain = await createTestStore()
    try {
      const res = await call(plain, 'GET', '/api/payments/methods')
      expect(res.json<{ card: boolean }>().card).toBe(false)
    } finally {
      await plain.close()
    }
  })
})
