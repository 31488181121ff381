import { generateKeyPairSync } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutAnswer } from '../../../contracts/checkout.js'
import { adminSession } from '../../testing/auth.js'
import { call, guestCheckout, newCartSession } from '../../testing/commerce.js'
import { guestDownload, type GuestBuyer } from '../../testing/downloads.js'
import { startFakeWoovi, type FakeWoovi } from '../../testing/fake-woovi.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { storeRows } from '../../testing/rows.js'
import { adminApi } from '../../testing/admin.js'

const MINUTE = 60_000
let fake: FakeWoovi
let store: TestStore
let kit: { id: number }
let admin: string

const { adminCall } = adminApi(
  () => store,
  () => admin,
)

beforeAll(async () => {
  fake = await startFakeWoovi()
  store = await createTestStore({
    env: { WOOVI_API_URL: fake.url, WOOVI_WEBHOOK_PUBLIC_KEY: fake.publicKeyPem },
  })
  kit = await insertProduct(store, { name: 'Kit Alfabetização', priceCents: 2990 })
  admin = (await adminSession(store.app)).cookie
})
afterAll(async () => {
  await store.close()
  await fake.close()
})

const { orderRow, purchasesOf } = storeRows(() => store)

async function pixOrder(quantity = 1) {
  const email = `maria.${Math.random().toString(36).slice(2)}@exemplo.com`
  const whatsapp = '(11) 98765-4321'
  const answer: CheckoutAnswer = await guestCheckout(
    store,
    newCartSession(),
    [{ productId: kit.id, quantity }],
    { email, whatsapp },
  )
  const buyer: GuestBuyer = { orderId: answer.order.id, email, whatsapp }
  return { answer, id: answer.order.id, buyer }
}

describe('Woovi (OpenPix) as the PIX provider', () => {
  it('is chosen in /admin/config with its AppID, which no answer ever shows', async () => {
    const save = (key: string, value: string) =>
      adminCall('POST', '/api/admin/settings', { key, value })
    const early = await save('pix_provider', 'woovi')
    expect([early.statusCode, early.json()]).toEqual([
      400,
      { message: 'Cole primeiro o AppID da Woovi, depois escolha a Woovi em Quem cobra o PIX' },
    ])
    expect((await save('pix_provider', 'asaas')).statusCode).toBe(400)
    expect((await save('woovi_app_id', 'curto')).statusCode).toBe(400)
    const saved = await save('woovi_app_id', fake.appId)
    expect(saved.statusCode).toBe(200)
    expect(saved.json<{ value: string }>().value).toBe(`••••${fake.appId.slice(-4)}`)
    expect((await save('pix_provider', 'woovi')).statusCode).toBe(200)

    const answers = [
      await adminCall('GET', '/api/admin/settings'),
      await call(store, 'GET', '/api/settings/public'),
      await adminCall('GET', '/api/admin/payment-mode'),
    ]
    for (const res of answers) expect(res.body).not.toContain(fake.appId)
    expect(answers[0]!.statusCode).toBe(200)
    // Saving the AppID masked again (the screen saves on blur) keeps the real one.
    expect((await save('woovi_app_id', `••••${fake.appId.slice(-4)}`)).statusCode).toBe(200)
    expect(await store.app.services.settings.get('woovi_app_id')).toBe(fake.appId)
  })

  it('charges the order at Woovi in centavos with its expiry, and shows Woovi’s BR Code', async () => {
    const before = Date.now()
    const { answer, id } = await pixOrder()
    const charge = fake.charges.get(id)!
    expect(charge).toMatchObject({ correlationID: id, value: 2990, status: 'ACTIVE' })
    expect(charge.expiresIn).toBeGreaterThanOrEqual(59 * 60)
    expect(charge.expiresIn).toBeLessThanOrEqual(60 * 60)
    const post = fake.requests.find((r) => r.method === 'POST' && r.path === '/api/v1/charge')!
    expect(post.headers.authorization).toBe(fake.appId)
    expect(answer.pixPaymentData).toMatchObject({
      provider: 'woovi',
      qrCode: charge.brCode,
      amount: '29.90',
      isDemo: false,
    })
    expect(answer.pixPaymentData!.qrCodeBase64).toMatch(/^data:image\/png;base64,/)
    const expiresAt = Date.parse(answer.pixPaymentData!.expiresAt!)
    expect(expiresAt).toBeGreaterThanOrEqual(before + 60 * MINUTE - 1000)
    const row = await orderRow(id)
    expect(row).toMatchObject({ paymentProvider: 'woovi', providerPaymentId: id })
  })

  it('refuses forged, unsigned, tampered and stale webhooks with 401, and nothing changes', async () => {
    const { id } = await pixOrder()
    fake.setStatus(id, 'COMPLETED')
    const lookups = fake.requests.length
    const other = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey
    const attempts = [
      fake.webhook(id, { signWith: other }),
      fake.webhook(id, { unsigned: true }),
      fake.webhook(id, { tamper: (raw) => raw.replace('"value":2990', '"value":1') }),
      fake.webhook(id, { at: new Date(Date.now() - 6 * MINUTE) }),
      fake.webhook(id, { at: new Date(Date.now() + 6 * MINUTE) }),
    ]
    for (const attempt of attempts) {
      const res = await store.app.inject(attempt)
      expect([res.statusCode, res.json()]).toEqual([401, { message: 'Assinatura inválida' }])
    }
    expect(fake.requests.length).toBe(lookups)
    expect((await orderRow(id)).status).toBe('pending')
    expect(await purchasesOf(id)).toHaveLength(0)
  })

  it('pays on a signed webhook exactly once: replays and 5 concurrent deliveries change nothing', async () => {
    const { id } = await pixOrder(2)
    const early = await store.app.inject(fake.webhook(id))
    expect(early.statusCode).toBe(200)
    expect((await orderRow(id)).status).toBe('pending')

    fake.setStatus(id, 'COMPLETED')
    const delivery = fake.webhook(id)
    const answers = await Promise.all(Array.from({ length: 5 }, () => store.app.inject(delivery)))
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200])
    const paid = await orderRow(id)
    expect(paid.status).toBe('paid')
    const granted = await purchasesOf(id)
    expect(granted.map((p) => p.maxDownloads)).toEqual([6])
    const replay = await store.app.inject(delivery)
    expect([replay.statusCode, replay.json()]).toEqual([200, { received: true }])
    expect(await orderRow(id)).toEqual(paid)
    expect(await purchasesOf(id)).toEqual(granted)
  })

  it('does not pay a completed charge of another amount', async () => {
    const { id } = await pixOrder()
    fake.setStatus(id, 'COMPLETED', 1)
    expect((await store.app.inject(fake.webhook(id))).statusCode).toBe(200)
    await store.app.services.payments.recheckPending()
    expect((await orderRow(id)).status).toBe('pending')
  })

  it('pays by the status re-check an order whose webhook was lost', async () => {
    const { id } = await pixOrder()
    fake.setStatus(id, 'COMPLETED')
    fake.failNext(1)
    await store.app.services.payments.recheckPending()
    expect((await orderRow(id)).status).toBe('pending')
    await store.app.services.payments.recheckPending()
    expect((await orderRow(id)).status).toBe('paid')
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/api/v1/charge/${id}`)).toBe(
      true,
    )
  })

  it('refunds through Woovi: refunded, downloads refused; a refusal or an outage changes nothing', async () => {
    const { id, buyer } = await pixOrder()
    fake.setStatus(id, 'COMPLETED')
    expect((await store.app.inject(fake.webhook(id))).statusCode).toBe(200)
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
    const sent = fake.charges.get(id)!.refunds
    expect(sent).toHaveLength(1)
    expect(sent[0]!.value).toBe(2990)
    expect((await guestDownload(store, buyer, kit.id)).statusCode).toBeGreaterThanOrEqual(400)

    // A charge Woovi will not refund (never paid there): 409, still paid.
    const other = await pixOrder()
    await store.app.services.orders.markOrderPaid(other.id, 'recheck')
    const refused = await adminCall('POST', `/api/admin/orders/${other.id}/refund`, {})
    expect(refused.statusCode).toBe(409)
    expect((await orderRow(other.id)).status).toBe('paid')
  })

  it('revokes the order at once when the payer’s bank takes the PIX back (MED), on the refund webhook', async () => {
    const { id, buyer } = await pixOrder()
    fake.setStatus(id, 'COMPLETED')
    await store.app.inject(fake.webhook(id))
    expect((await guestDownload(store, buyer, kit.id)).statusCode).toBe(200)
    fake.medRefund(id)
    const hook = await store.app.inject(
      fake.webhook(id, { event: 'PIX_TRANSACTION_REFUND_RECEIVED_CONFIRMED' }),
    )
    expect(hook.statusCode).toBe(200)
    expect(await orderRow(id)).toMatchObject({ status: 'refunded', closedReason: 'provider' })
    expect((await guestDownload(store, buyer, kit.id)).statusCode).toBeGreaterThanOrEqual(400)
  })

  it('cancels an expired order, and still honours a payment that arrives late', async () => {
    const { id } = await pixOrder()
    const cancelStale = store.app.services.orders.cancelStale
    expect(await cancelStale(Date.now() + 59 * MINUTE)).toBe(0)
    expect(await cancelStale(Date.now() + 61 * MINUTE)).toBeGreaterThanOrEqual(1)
    expect(await orderRow(id)).toMatchObject({ status: 'cancelled', closedReason: 'expired' })

    fake.setStatus(id, 'COMPLETED')
    expect((await store.app.inject(fake.webhook(id))).statusCode).toBe(200)
    expect((await orderRow(id)).status).toBe('paid')
  })
})
