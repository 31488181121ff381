import { createSign, generateKeyPairSync } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminPlan, SubscribeAnswer } from '../../../contracts/subscriptions.js'
import { adminSession } from '../../testing/auth.js'
import { call } from '../../testing/commerce.js'
import { startFakeEvolution, type FakeEvolution } from '../../testing/fake-evolution.js'
import { startFakeWoovi, type FakeWoovi } from '../../testing/fake-woovi.js'
import { insertProduct } from '../../testing/fixtures.js'
import { connectWhatsapp, outboxRow } from '../../testing/messaging.js'
import {
  createPlan,
  forgeryRefusals,
  subscribeGuest,
  subscriptionRows,
  type Delivery,
} from '../../testing/subscriptions.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

const CPF = '529.982.247-25'
let at = Date.parse('2026-11-02T12:00:00Z')
const now = () => new Date(at)
const moveTo = (iso: string) => void (at = Date.parse(iso))

let fake: FakeWoovi
let evolution: FakeEvolution
let store: TestStore
let admin: string
let plan: AdminPlan

const inject = (delivery: Delivery) => store.app.inject(delivery)
const save = (key: string, value: string) =>
  call(store, 'POST', '/api/admin/settings', { key, value }, { cookie: admin })

beforeAll(async () => {
  fake = await startFakeWoovi()
  evolution = await startFakeEvolution()
  store = await createTestStore({
    env: { WOOVI_API_URL: fake.url, WOOVI_WEBHOOK_PUBLIC_KEY: fake.publicKeyPem },
    now,
  })
  admin = (await adminSession(store.app)).cookie
  await connectWhatsapp(store, evolution)
  await insertProduct(store, { name: 'Alfabetização 1', category: 'alfabetizacao' })
  await store.app.services.catalog.invalidate()
  for (const [key, value] of [
    ['woovi_app_id', fake.appId],
    ['pix_provider', 'woovi'],
    ['pix_automatico', 'true'],
  ] as const) {
    expect((await save(key, value)).statusCode).toBe(200)
  }
  plan = await createPlan(store, admin)
}, 240_000)
afterAll(async () => {
  await store?.close()
  await fake?.close()
  await evolution?.close()
})

const runDue = () => store.app.services.subscriptions.runDue()

const rows = subscriptionRows(() => store)
const { subRow } = rows
/** The order that charges a subscription's `cycle`. */
const cycleOrder = async (id: string, cycle: number) =>
  rows.orderRow((await rows.cycleOrder(id, cycle)) ?? '')
/** The installment whose charge a cycle's debit order made at Woovi. */
const installmentOf = (order: { providerPaymentId: string | null }) =>
  fake.installments.get(order.providerPaymentId!.replace(/^cobr:/, ''))!

describe('Woovi PIX Automático, journey 3 (PAYMENT_ON_APPROVAL)', () => {
  let answer: SubscribeAnswer

  it('subscribing answers the subscription QR code; approving it pays cycle 1', async () => {
    const methods = await call(store, 'GET', '/api/payments/methods')
    expect(methods.json()).toMatchObject({ pixAutomatico: true, taxIdRequired: false })
    answer = await subscribeGuest(store, plan.id, CPF)
    const remote = fake.subscriptionOf(answer.order.id)
    expect(answer.pixPaymentData?.qrCode).toBe(remote.pixRecurring.emv)
    const sent = fake.requests.find((r) => r.path === '/api/v1/subscriptions')!.body
    expect(sent).toMatchObject({
      type: 'PIX_RECURRING',
      frequency: 'MONTHLY',
      value: 1990,
      pixRecurringOptions: { journey: 'PAYMENT_ON_APPROVAL' },
      customer: { taxID: '52998224725' },
    })
    expect((await inject(fake.approve(answer.order.id))).statusCode).toBe(200)
    const sub = await subRow(answer.subscription.id)
    expect(sub).toMatchObject({ status: 'ativa', method: 'pix_automatico' })
    expect(sub.providerSubscriptionId).toBe(remote.globalID)
    expect(sub.currentPeriodEnd!.toISOString()).toBe('2026-12-02T12:00:00.000Z')
  })

  it('cycles 2 and 3: the installment charge made once, a week ahead, paid by its webhook', async () => {
    const id = answer.subscription.id
    moveTo('2026-11-25T13:00:00Z')
    expect((await runDue()).charged).toBe(1)
    expect((await runDue()).charged).toBe(0)
    const second = await cycleOrder(id, 2)
    const installment = installmentOf(second)
    expect(installment).toMatchObject({ installmentNumber: 2, value: 1990 })
    expect(installment.cobr?.status).toBe('CREATED')
    expect(second.pixCode).toBeNull()
    const notice = await outboxRow(store, `subscription:${id}:debit:2:whatsapp`)
    expect(notice?.body).toMatch(/debitar R\$\s19,90/)
    moveTo('2026-12-02T12:30:00Z')
    expect((await inject(fake.settleCobr(installment.globalID, 'COMPLETED'))).statusCode).toBe(200)
    expect((await cycleOrder(id, 2)).status).toBe('paid')
    expect((await subRow(id)).currentPeriodEnd!.toISOString()).toBe('2027-01-02T12:00:00.000Z')

    moveTo('2026-12-27T13:00:00Z')
    expect((await runDue()).charged).toBe(1)
    const third = installmentOf(await cycleOrder(id, 3))
    expect(third.installmentNumber).toBe(3)
    await inject(fake.settleCobr(third.globalID, 'COMPLETED'))
    expect((await subRow(id)).currentPeriodEnd!.toISOString()).toBe('2027-02-02T12:00:00.000Z')
  })

  it('a rejected charge: em atraso, and that cycle goes out as a PIX, by e-mail and WhatsApp', async () => {
    const id = answer.subscription.id
    moveTo('2027-01-27T13:00:00Z')
    expect((await runDue()).charged).toBe(1)
    const debit = await cycleOrder(id, 4)
    const delivery = fake.settleCobr(installmentOf(debit).globalID, 'REJECTED')
    expect((await inject(delivery)).statusCode).toBe(200)
    const pix = await cycleOrder(id, 4)
    expect(pix.id).not.toBe(debit.id)
    expect(pix.pixCode).toBe(fake.charges.get(pix.id)!.brCode)
    expect((await subRow(id)).status).toBe('em_atraso')
    const whatsapp = await outboxRow(store, `order:${pix.id}:renewal:buyer`)
    expect(whatsapp?.body).toContain(`/checkout?order=${pix.id}&pagamento=`)
    expect(await outboxRow(store, `order:${pix.id}:created:email`)).toBeTruthy()
    fake.setStatus(pix.id, 'COMPLETED')
    await inject(fake.webhook(pix.id))
    const sub = await subRow(id)
    expect(sub.status).toBe('ativa')
    expect(sub.currentPeriodEnd!.toISOString()).toBe('2027-03-02T12:00:00.000Z')
  })

  it('cancelling revokes the subscription at Woovi', async () => {
    const res = await call(
      store,
      'POST',
      `/api/admin/subscriptions/${answer.subscription.id}/cancel`,
      {},
      { cookie: admin },
    )
    expect(res.statusCode, res.body).toBe(200)
    const remote = fake.subscriptionOf(answer.order.id)
    expect(remote.status).toBe('INACTIVE')
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/api/v1/subscriptions/${encodeURIComponent(remote.globalID)}/cancel`,
    })
  })
})

/**
 * A genuine delivery made into forgeries: unsigned, signed with another key, a signature of
 * nonsense, and the signed bytes changed after signing.
 */
function forgeriesOf(delivery: Delivery): Delivery[] {
  const other = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey
  const signature = createSign('sha256').update(delivery.payload, 'utf8').sign(other, 'base64')
  const { 'x-webhook-signature': _signed, ...unsigned } = delivery.headers
  return [
    { ...delivery, headers: unsigned },
    { ...delivery, headers: { ...unsigned, 'x-webhook-signature': signature } },
    { ...delivery, headers: { ...unsigned, 'x-webhook-signature': 'bm90LWEtc2lnbmF0dXJl' } },
    { ...delivery, payload: delivery.payload.replace('"value":1990', '"value":1') },
  ]
}

describe('PIX Automático webhooks not signed by Woovi', () => {
  it('are refused with 401 and change nothing: an approval, a rejected and a paid debit', async () => {
    moveTo('2026-11-02T12:00:00Z')
    const answer = await subscribeGuest(store, plan.id, CPF)
    const id = answer.subscription.id
    const refusals = forgeryRefusals(store, id, () => fake.requests.length, 'Assinatura inválida')
    /** Each forgery answers 401 in Portuguese; no row moves and Woovi is not asked anything. */
    async function refused(delivery: Delivery) {
      const forgeries = forgeriesOf(delivery)
      expect(forgeries[3]!.payload).not.toBe(delivery.payload)
      await refusals(forgeries)
    }

    // Woovi says approved (the fake's state): only the signature stands between.
    const approval = fake.approve(answer.order.id)
    await refused(approval)
    expect((await subRow(id)).status).toBe('pendente')
    expect((await rows.orderRow(answer.order.id)).status).toBe('pending')
    expect((await inject(approval)).statusCode).toBe(200)
    expect((await subRow(id)).status).toBe('ativa')

    moveTo('2026-11-25T13:00:00Z')
    expect((await runDue()).charged).toBe(1)
    const debit = await cycleOrder(id, 2)
    const installment = installmentOf(debit)
    await refused(fake.settleCobr(installment.globalID, 'REJECTED'))
    expect((await cycleOrder(id, 2)).id).toBe(debit.id)
    expect(debit.status).toBe('pending')
    const paid = fake.settleCobr(installment.globalID, 'COMPLETED')
    await refused(paid)
    expect((await cycleOrder(id, 2)).status).toBe('pending')
    expect((await subRow(id)).currentPeriodEnd!.toISOString()).toBe('2026-12-02T12:00:00.000Z')
    // The genuine delivery still pays it: the forgeries failed on their signature alone.
    moveTo('2026-12-02T12:30:00Z')
    expect((await inject(paid)).statusCode).toBe(200)
    expect((await cycleOrder(id, 2)).status).toBe('paid')
  })
})
