import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createMercadoPagoStore,
  guestCheckout,
  newCartSession,
  WEBHOOK_SECRET as SECRET,
} from '../../testing/commerce.js'
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

const { orderRow, purchasesOf } = storeRows(() => store)

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

describe('POST /api/webhooks/mercadopago', () => {
  it('refuses a bad, missing or stale signature with 401, and nothing changes', async () => {
    const { answer, paymentId } = await pixOrder()
    fake.setStatus(paymentId, 'approved')
    const lookupsBefore = fake.requests.length
    const forged = fake.webhook(paymentId, { secret: 'outro-segredo' })
    const unsigned = { ...forged, headers: { ...forged.headers, 'x-signature': '' } }
    const stale = fake.webhook(paymentId, { secret: SECRET, ts: Date.now() - 301_000 })
    const staleSeconds = fake.webhook(paymentId, {
      secret: SECRET,
      ts: Math.floor(Date.now() / 1000) - 301,
    })
    const otherId = { ...fake.webhook(paymentId, { secret: SECRET }) }
    otherId.url = otherId.url.replace(`data.id=${paymentId}`, `data.id=${paymentId}9`)
    for (const attempt of [forged, unsigned, stale, staleSeconds, otherId]) {
      const res = await store.app.inject(attempt)
      expect([res.statusCode, res.json()]).toEqual([401, { message: 'Assinatura inválida' }])
    }
    expect(fake.requests.length).toBe(lookupsBefore)
    expect((await orderRow(answer.order.id)).status).toBe('pending')
    expect(await purchasesOf(answer.order.id)).toHaveLength(0)
  })

  it('pays on a signed notification (ts in seconds or ms) once approved; a replay changes nothing', async () => {
    const { answer, paymentId } = await pixOrder()
    const pendingYet = await store.app.inject(fake.webhook(paymentId, { secret: SECRET }))
    expect(pendingYet.statusCode).toBe(200)
    expect((await orderRow(answer.order.id)).status).toBe('pending')

    fake.setStatus(paymentId, 'approved')
    const delivery = fake.webhook(paymentId, { secret: SECRET, ts: Math.floor(Date.now() / 1000) })
    expect((await store.app.inject(delivery)).statusCode).toBe(200)
    const paid = await orderRow(answer.order.id)
    expect(paid.status).toBe('paid')
    const granted = await purchasesOf(answer.order.id)
    expect(granted).toHaveLength(1)

    const replay = await store.app.inject(delivery)
    expect([replay.statusCode, replay.json()]).toEqual([200, { received: true }])
    expect(await orderRow(answer.order.id)).toEqual(paid)
    expect(await purchasesOf(answer.order.id)).toEqual(granted)
  })

  it('does not pay an approved payment of another amount or another order', async () => {
    const wrongAmount = await pixOrder()
    fake.setStatus(wrongAmount.paymentId, 'approved', { transaction_amount: 0.01 })
    await store.app.inject(fake.webhook(wrongAmount.paymentId, { secret: SECRET }))
    expect((await orderRow(wrongAmount.answer.order.id)).status).toBe('pending')

    const wrongReference = await pixOrder()
    fake.setStatus(wrongReference.paymentId, 'approved', { external_reference: 'outro-pedido' })
    await store.app.inject(fake.webhook(wrongReference.paymentId, { secret: SECRET }))
    expect((await orderRow(wrongReference.answer.order.id)).status).toBe('pending')
    await store.app.services.payments.recheckPending()
    expect((await orderRow(wrongReference.answer.order.id)).status).toBe('pending')
    expect((await orderRow(wrongAmount.answer.order.id)).status).toBe('pending')
  })

  it('gives one set of purchases to 20 simultaneous deliveries', async () => {
    const { answer, paymentId } = await pixOrder(2)
    fake.setStatus(paymentId, 'approved')
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        store.app.inject(fake.webhook(paymentId, { secret: SECRET })),
      ),
    )
    expect(answers.every((a) => a.statusCode === 200)).toBe(true)
    const granted = await purchasesOf(answer.order.id)
    expect(granted.map((p) => p.maxDownloads)).toEqual([6])
  })

  it('answers 200 even when the payment lookup fails (the re-check will find it)', async () => {
    const { answer, paymentId } = await pixOrder()
    fake.setStatus(paymentId, 'approved')
    fake.failNext(1)
    expect((await store.app.inject(fake.webhook(paymentId, { secret: SECRET }))).statusCode).toBe(
      200,
    )
    expect((await orderRow(answer.order.id)).status).toBe('pending')
    await store.app.services.payments.recheckPending()
    expect((await orderRow(answer.order.id)).status).toBe('paid')
  })
})
