import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutAnswer } from '../../../contracts/checkout.js'
import { TAX_ID_REQUIRED_MESSAGE } from '../../../contracts/tax-id.js'
import { adminSession } from '../../testing/auth.js'
import { call, guestForm, newCartSession } from '../../testing/commerce.js'
import { guestDownload, type GuestBuyer } from '../../testing/downloads.js'
import { startFakeAsaas, type FakeAsaas } from '../../testing/fake-asaas.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { storeRows } from '../../testing/rows.js'
import { adminApi } from '../../testing/admin.js'
import { refunds } from '../refunds/refunds.tables.js'
import { brasiliaDay } from './providers/asaas.js'

const MINUTE = 60_000
const CPF = '529.982.247-25'
const CNPJ = '11.222.333/0001-81'
const WEBHOOK_TOKEN = 'token-do-webhook-da-loja-0123456789'
let fake: FakeAsaas
let store: TestStore
let kit: { id: number }
let admin: string

const { adminCall } = adminApi(
  () => store,
  () => admin,
)
const save = (key: string, value: string) =>
  adminCall('POST', '/api/admin/settings', { key, value })

beforeAll(async () => {
  fake = await startFakeAsaas()
  store = await createTestStore({ env: { ASAAS_API_URL: fake.url } })
  kit = await insertProduct(store, { name: 'Kit Alfabetização', priceCents: 2990 })
  admin = (await adminSession(store.app)).cookie
})
afterAll(async () => {
  await store.close()
  await fake.close()
})

const { orderRow, purchasesOf } = storeRows(() => store)

function checkout(taxId: string | undefined, quantity = 1) {
  const customerData = guestForm()
  const session = newCartSession()
  const res = call(
    store,
    'POST',
    '/api/checkout',
    { items: [{ productId: kit.id, quantity }], customerData, ...(taxId ? { taxId } : {}) },
    { session },
  )
  return { res, customerData, session }
}

async function pixOrder(quantity = 1) {
  const { res, customerData, session } = checkout(CPF, quantity)
  const answer = await res
  if (answer.statusCode !== 201) throw new Error(`checkout ${answer.statusCode} ${answer.body}`)
  const id = answer.json<CheckoutAnswer>().order.id
  const buyer: GuestBuyer = {
    orderId: id,
    email: customerData.email,
    whatsapp: customerData.whatsapp,
  }
  return { answer: answer.json<CheckoutAnswer>(), id, buyer, session }
}

const token = { token: WEBHOOK_TOKEN }

/** Waits for the void of closed orders' charges, which runs after the close answered. */
const closeStepsDone = () => store.app.services.orders.drain()

describe('Asaas as the PIX provider', () => {
  it('asks no CPF while another provider charges, even ignoring a wrong one', async () => {
    const methods = await call(store, 'GET', '/api/payments/methods')
    expect(methods.json()).toMatchObject({ taxIdRequired: false })
    expect((await checkout(undefined).res).statusCode).toBe(201)
    expect((await checkout('111.111.111-11').res).statusCode).toBe(201)
    expect(fake.requests).toHaveLength(0)
  })

  it('is chosen in /admin/config with its API key and webhook token, which no answer shows', async () => {
    const early = await save('pix_provider', 'asaas')
    expect([early.statusCode, early.json()]).toEqual([
      400,
      {
        message:
          'Cole primeiro a chave de API da Asaas, depois escolha a Asaas em Quem cobra o PIX',
      },
    ])
    expect((await save('asaas_api_key', 'chave-qualquer')).statusCode).toBe(400)
    expect((await save('asaas_webhook_token', 'curto')).statusCode).toBe(400)
    const saved = await save('asaas_api_key', fake.apiKey)
    expect([saved.statusCode, saved.json<{ value: string }>().value]).toEqual([
      200,
      `••••${fake.apiKey.slice(-4)}`,
    ])
    expect((await save('asaas_webhook_token', WEBHOOK_TOKEN)).statusCode).toBe(200)
    expect((await save('pix_provider', 'asaas')).statusCode).toBe(200)

    const answers = [
      await adminCall('GET', '/api/admin/settings'),
      await call(store, 'GET', '/api/settings/public'),
      await adminCall('GET', '/api/admin/payment-mode'),
    ]
    for (const res of answers) {
      expect(res.statusCode).toBe(200)
      expect(res.body).not.toContain(fake.apiKey)
      expect(res.body).not.toContain(WEBHOOK_TOKEN)
    }
    // The masks saved back (the screen saves on blur) keep the real values.
    expect((await save('asaas_webhook_token', `••••${WEBHOOK_TOKEN.slice(-4)}`)).statusCode).toBe(
      200,
    )
    expect(await store.app.services.settings.get('asaas_webhook_token')).toBe(WEBHOOK_TOKEN)
    expect((await call(store, 'GET', '/api/payments/methods')).json()).toEqual({
      pix: true,
      card: false,
      taxIdRequired: true,
      pixConfirmation: 'automatic',
      invoice: false,
      // Offered under Asaas, off until the owner switches it on.
      pixAutomatico: false,
    })
  })

  it('requires a valid CPF or CNPJ at checkout, and stores none of it', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, TAX_ID_REQUIRED_MESSAGE],
      ['   ', TAX_ID_REQUIRED_MESSAGE],
      ['529.982.247-26', 'CPF inválido'],
      ['123', 'CPF inválido'],
      ['111.111.111-11', 'CPF inválido'],
      ['11.222.333/0001-82', 'CNPJ inválido'],
    ]
    for (const [taxId, message] of cases) {
      const res = await checkout(taxId).res
      expect([taxId, res.statusCode, res.json()]).toEqual([taxId, 400, { message }])
    }
    expect(fake.requests).toHaveLength(0)

    const company = await checkout(CNPJ).res
    expect(company.statusCode).toBe(201)
    const { id } = await pixOrder()
    expect(JSON.stringify(await orderRow(id))).not.toContain('52998224725')
    expect([...fake.customers.values()].map((c) => c.cpfCnpj).sort()).toEqual([
      '11222333000181',
      '52998224725',
    ])
  })

  it('charges the order at Asaas in reais for the day of its expiry, and shows Asaas’ code', async () => {
    const { answer, id } = await pixOrder()
    const payment = fake.paymentOf(id)
    const row = await orderRow(id)
    expect(payment).toMatchObject({
      billingType: 'PIX',
      value: 29.9,
      externalReference: id,
      status: 'PENDING',
      dueDate: brasiliaDay(row.pixExpiresAt!),
    })
    expect(payment.description).toContain('Kit Alfabetização')
    const post = fake.requests.find((r) => r.method === 'POST' && r.path === '/v3/payments')!
    expect(post.headers.access_token).toBe(fake.apiKey)
    // A returning payer is one customer at Asaas, not one per order.
    expect(fake.customers.size).toBe(2)
    expect(answer.pixPaymentData).toMatchObject({
      provider: 'asaas',
      qrCode: payment.payload,
      amount: '29.90',
      isDemo: false,
    })
    expect(answer.pixPaymentData!.qrCodeBase64).toMatch(/^data:image\/png;base64,/)
    expect(row).toMatchObject({ paymentProvider: 'asaas', providerPaymentId: payment.id })

    // The QR could not be fetched (after the customer's look-up, its update to this buyer's
    // e-mail, and the charge): the order is cancelled, so its charge is removed at once.
    fake.failNext(1, 3)
    const failed = await checkout(CPF).res
    expect([failed.statusCode, failed.json()]).toEqual([
      503,
      { message: 'Não foi possível gerar o PIX agora. Tente novamente.' },
    ])
    expect([...fake.payments.values()].at(-1)).toMatchObject({ deleted: true })
  })

  it('keeps Asaas’ own notices off, and a CPF used before by someone else names this buyer', async () => {
    // Made at Asaas by someone else with this CPF, with Asaas' default: notices on.
    fake.customers.set('cus_antigo', {
      object: 'customer',
      id: 'cus_antigo',
      name: 'Outra Pessoa',
      email: 'outra@exemplo.com',
      cpfCnpj: '11144477735',
      notificationDisabled: false,
    })
    const { res, customerData } = checkout('111.444.777-35')
    expect((await res).statusCode).toBe(201)
    expect(fake.customers.get('cus_antigo')).toMatchObject({
      name: 'Maria Souza',
      email: customerData.email,
      notificationDisabled: true,
    })
    expect([...fake.customers.values()].every((c) => c.notificationDisabled)).toBe(true)
    expect(fake.notices).toEqual([])
  })

  it('refuses a missing or wrong webhook token with 401, and nothing changes', async () => {
    const { id } = await pixOrder()
    fake.pay(id)
    const asked = fake.requests.length
    for (const attempt of [
      fake.webhook(id, { token: null }),
      fake.webhook(id, { token: 'outro-token-qualquer-0123456789' }),
      fake.webhook(id, { token: WEBHOOK_TOKEN.slice(0, -1) }),
      fake.webhook(id, { token: `${WEBHOOK_TOKEN}x` }),
    ]) {
      const res = await store.app.inject(attempt)
      expect([res.statusCode, res.json()]).toEqual([401, { message: 'Token inválido' }])
    }
    expect(fake.requests.length).toBe(asked)
    expect((await orderRow(id)).status).toBe('pending')
    expect(await purchasesOf(id)).toHaveLength(0)
  })

  it('pays on an authenticated webhook exactly once: replays and 5 concurrent deliveries', async () => {
    const { id } = await pixOrder(2)
    // The body says received, Asaas does not: the body is only a hint.
    const early = await store.app.inject(
      fake.webhook(id, { ...token, payment: { status: 'RECEIVED' } }),
    )
    expect(early.statusCode).toBe(200)
    expect((await orderRow(id)).status).toBe('pending')

    fake.pay(id)
    const delivery = fake.webhook(id, token)
    const answers = await Promise.all(Array.from({ length: 5 }, () => store.app.inject(delivery)))
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200])
    const paid = await orderRow(id)
    expect(paid.status).toBe('paid')
    const granted = await purchasesOf(id)
    expect(granted.map((p) => p.maxDownloads)).toEqual([6])
    const replay = await store.app.inject(
      fake.webhook(id, { ...token, event: 'PAYMENT_CONFIRMED' }),
    )
    expect([replay.statusCode, replay.json()]).toEqual([200, { received: true }])
    expect(await orderRow(id)).toEqual(paid)
    expect(await purchasesOf(id)).toEqual(granted)
  })

  it('does not pay a received charge of another amount, whatever the body says', async () => {
    const { id } = await pixOrder()
    fake.pay(id, { value: 1 })
    const res = await store.app.inject(fake.webhook(id, { ...token, payment: { value: 29.9 } }))
    expect(res.statusCode).toBe(200)
    await store.app.services.payments.recheckPending()
    expect((await orderRow(id)).status).toBe('pending')
  })

  it('pays by the status re-check an order whose webhook was lost', async () => {
    const { id } = await pixOrder()
    fake.pay(id, { status: 'CONFIRMED' })
    fake.failNext(1)
    await store.app.services.payments.recheckPending()
    expect((await orderRow(id)).status).toBe('pending')
    await store.app.services.payments.recheckPending()
    expect((await orderRow(id)).status).toBe('paid')
  })

  it('refunds through Asaas: refunded, downloads refused; an outage changes nothing', async () => {
    const { id, buyer } = await pixOrder()
    fake.pay(id)
    expect((await store.app.inject(fake.webhook(id, token))).statusCode).toBe(200)
    expect((await guestDownload(store, buyer, kit.id)).statusCode).toBe(200)

    fake.failNext(1)
    const outage = await adminCall('POST', `/api/admin/orders/${id}/refund`, {})
    expect(outage.statusCode).toBe(503)
    expect((await orderRow(id)).status).toBe('paid')

    const refund = await adminCall('POST', `/api/admin/orders/${id}/refund`, {
      reason: 'Compra em dobro',
    })
    expect(refund.statusCode).toBe(200)
    expect((await orderRow(id)).status).toBe('refunded')
    const payment = fake.paymentOf(id)
    expect(payment.refunds).toHaveLength(1)
    expect(payment.status).toBe('REFUND_IN_PROGRESS')
    expect((await guestDownload(store, buyer, kit.id)).statusCode).toBeGreaterThanOrEqual(400)
    // Asaas' own PAYMENT_REFUNDED afterwards changes nothing more.
    const after = await store.app.inject(fake.webhook(id, { ...token, event: 'PAYMENT_REFUNDED' }))
    expect(after.statusCode).toBe(200)
    expect((await orderRow(id)).status).toBe('refunded')
  })

  it('refunds through Asaas also when the status is set to refunded by the API', async () => {
    const { id } = await pixOrder()
    fake.pay(id)
    await store.app.inject(fake.webhook(id, token))
    const setRefunded = () =>
      call(
        store,
        'PUT',
        `/api/admin/orders/${id}/status`,
        { status: 'refunded' },
        { cookie: admin },
      )
    fake.failNext(1)
    expect((await setRefunded()).statusCode).toBe(503)
    expect((await orderRow(id)).status).toBe('paid')
    const res = await setRefunded()
    expect([res.statusCode, res.json<{ status: string }>().status]).toEqual([200, 'refunded'])
    expect(fake.paymentOf(id).refunds).toHaveLength(1)
  })

  it('refunds a paid order when Asaas says it was refunded in its panel', async () => {
    const { id, buyer } = await pixOrder()
    fake.pay(id)
    await store.app.inject(fake.webhook(id, token))
    // A forged 'refunded' for a payment still received at Asaas changes nothing.
    const forged = fake.webhook(id, { ...token, event: 'PAYMENT_REFUNDED' })
    expect((await store.app.inject(forged)).statusCode).toBe(200)
    expect((await orderRow(id)).status).toBe('paid')

    fake.refundInPanel(id)
    const told = fake.webhook(id, { ...token, event: 'PAYMENT_REFUNDED' })
    const answers = await Promise.all([store.app.inject(told), store.app.inject(told)])
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
    expect((await orderRow(id)).status).toBe('refunded')
    expect((await guestDownload(store, buyer, kit.id)).statusCode).toBeGreaterThanOrEqual(400)
  })

  it('finds by the re-check a refund made in Asaas’ panel, settling the buyer’s open request', async () => {
    const { id, buyer, session } = await pixOrder()
    fake.pay(id)
    await store.app.inject(fake.webhook(id, token))
    await guestDownload(store, buyer, kit.id)
    const asked = await call(
      store,
      'POST',
      `/api/orders/${id}/refund-request`,
      { reason: 'Comprei errado' },
      { session },
    )
    expect(asked.json()).toMatchObject({ status: 'review' })

    fake.refundInPanel(id)
    // The webhook was lost: the scheduled sweep of paid orders finds it.
    await store.app.services.payments.recheckPaid()
    expect((await orderRow(id)).status).toBe('refunded')
    expect(await store.app.services.refunds.one(id)).toMatchObject({ status: 'refunded' })

    // A request left open on an order no longer paid cannot be declined.
    await store.database.db.update(refunds).set({ status: 'review' }).where(eq(refunds.orderId, id))
    const decline = await adminCall('POST', `/api/admin/refunds/${id}/decline`, { note: 'Não' })
    expect([decline.statusCode, decline.json()]).toEqual([
      409,
      { message: 'Este pedido não está mais pago: não há reembolso a recusar.' },
    ])
  })

  it('cancels an expired order and removes its charge; a payment that still arrives is honoured', async () => {
    const cancelStale = store.app.services.orders.cancelStale
    const expired = Date.now() + 61 * MINUTE

    const removed = await pixOrder()
    expect(await cancelStale(Date.now() + 59 * MINUTE, removed.id)).toBe(0)
    expect(await cancelStale(expired, removed.id)).toBe(1)
    expect(await orderRow(removed.id)).toMatchObject({
      status: 'cancelled',
      closedReason: 'expired',
    })
    // The charge is removed after cancelStale answered, not within it.
    await closeStepsDone()
    const payment = fake.paymentOf(removed.id)
    expect(payment.deleted).toBe(true)
    expect(
      fake.requests.some((r) => r.method === 'DELETE' && r.path === `/v3/payments/${payment.id}`),
    ).toBe(true)

    // Asaas was down at expiry: the charge stayed payable, and the buyer paid it.
    const late = await pixOrder()
    fake.failNext(1)
    expect(await cancelStale(expired, late.id)).toBe(1)
    await closeStepsDone()
    expect(fake.paymentOf(late.id).deleted).toBe(false)
    fake.pay(late.id)
    expect((await store.app.inject(fake.webhook(late.id, token))).statusCode).toBe(200)
    expect((await orderRow(late.id)).status).toBe('paid')

    // Down at expiry and nobody paid: the pending sweep removes the charge afterwards.
    const retried = await pixOrder()
    fake.failNext(1)
    await cancelStale(expired, retried.id)
    await closeStepsDone()
    expect(fake.paymentOf(retried.id).deleted).toBe(false)
    await store.app.services.payments.recheckPending()
    expect(fake.paymentOf(retried.id).deleted).toBe(true)
    expect((await orderRow(retried.id)).status).toBe('cancelled')
  })
})
