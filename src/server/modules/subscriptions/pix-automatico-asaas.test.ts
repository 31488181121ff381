import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminPlan } from '../../../contracts/subscriptions.js'
import { buildApp } from '../../app.js'
import type { App } from '../../app-types.js'
import { adminSession } from '../../testing/auth.js'
import { call } from '../../testing/commerce.js'
import { startFakeAsaas, type FakeAsaas } from '../../testing/fake-asaas.js'
import { insertProduct } from '../../testing/fixtures.js'
import {
  createPlan,
  forgeryRefusals,
  subscribeGuest,
  subscriptionRows,
  type Delivery,
} from '../../testing/subscriptions.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { messageOutbox } from '../messaging/messaging.tables.js'
import { brasiliaDay } from '../payments/providers/asaas.js'

const CPF = '529.982.247-25'
const TOKEN = 'token-do-webhook-da-loja-0123456789'
const START = Date.parse('2026-11-02T12:00:00Z')
const onPostgres = Boolean(process.env.DATABASE_URL)

let at = START
const now = () => new Date(at)
const moveTo = (iso: string) => void (at = Date.parse(iso))

let fake: FakeAsaas
let store: TestStore
let second: { app: App; close(): Promise<unknown> }
let admin: string
let plan: AdminPlan

const save = (key: string, value: string) =>
  call(store, 'POST', '/api/admin/settings', { key, value }, { cookie: admin })

beforeAll(async () => {
  fake = await startFakeAsaas()
  store = await createTestStore({ env: { ASAAS_API_URL: fake.url }, now })
  if (onPostgres) {
    second = await createTestStore({
      databaseUrl: store.databaseUrl,
      env: { ASAAS_API_URL: fake.url },
      now,
    })
  } else {
    const app = await buildApp({ ...store.app.deps, backgroundJobs: false })
    await app.ready()
    second = { app, close: () => app.close() }
  }
  admin = (await adminSession(store.app)).cookie
  await insertProduct(store, { name: 'Alfabetização 1', category: 'alfabetizacao' })
  await store.app.services.catalog.invalidate()
  await second.app.services.catalog.invalidate()
}, 240_000)
afterAll(async () => {
  await second?.close()
  await store?.close()
  await fake?.close()
})

const db = () => store.database.db
const svc = () => store.app.services.subscriptions
const inject = (delivery: Delivery) => store.app.inject(delivery)

const { subRow, cycleOrder, orderRow } = subscriptionRows(() => store)

/** A guest subscribes; the payer reads the journey-3 QR code: cycle 1 paid, debits authorised. */
async function subscribedAndAuthorised() {
  moveTo('2026-11-02T12:00:00Z')
  const answer = await subscribeGuest(store, plan.id, CPF)
  const delivery = fake.approveAuthorization(answer.order.id, TOKEN)
  expect((await inject(delivery)).statusCode).toBe(200)
  return answer
}

/** The debit Asaas made on its due date, told by its PAYMENT_RECEIVED webhook. */
async function debitMade(orderId: string) {
  fake.pay(orderId)
  expect((await inject(fake.webhook(orderId, { token: TOKEN }))).statusCode).toBe(200)
}

describe('the pix_automatico setting', () => {
  it('is refused (400, in Portuguese) unless Woovi or Asaas charges the PIX', async () => {
    const refused = await save('pix_automatico', 'true')
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(/só funciona com a Woovi ou a Asaas/)
    expect((await save('asaas_api_key', fake.apiKey)).statusCode).toBe(200)
    expect((await save('asaas_webhook_token', TOKEN)).statusCode).toBe(200)
    expect((await save('pix_provider', 'asaas')).statusCode).toBe(200)
    expect((await save('pix_automatico', 'true')).statusCode).toBe(200)
    plan = await createPlan(store, admin)
  })
})

describe('Asaas PIX Automático, journey 3', () => {
  let subId: string

  it('subscribing answers the authorisation QR code; reading it pays cycle 1', async () => {
    const answer = await subscribedAndAuthorised()
    subId = answer.subscription.id
    expect(answer.subscription.method).toBe('pix_automatico')
    const authorization = fake.authorizationOf(answer.order.id)
    expect(answer.pixPaymentData?.qrCode).toBe(authorization.immediateQrCode.payload)
    expect(authorization).toMatchObject({ frequency: 'MONTHLY', startDate: '2026-11-02' })
    const sub = await subRow(subId)
    expect(sub).toMatchObject({ status: 'ativa', providerSubscriptionId: authorization.id })
    expect(sub.taxId).toBe('52998224725')
    expect(sub.currentPeriodEnd!.toISOString()).toBe('2026-12-02T12:00:00.000Z')
  })

  it('cycles 2 and 3: each debit scheduled once before the due date, paid by its webhook', async () => {
    moveTo('2026-11-29T13:00:00Z')
    expect((await svc().runDue()).charged).toBe(1)
    expect((await svc().runDue()).charged).toBe(0)
    const second = (await cycleOrder(subId, 2))!
    const debit = fake.paymentOf(second)
    expect(debit).toMatchObject({
      pixAutomaticAuthorizationId: (await subRow(subId)).providerSubscriptionId,
      dueDate: brasiliaDay(new Date('2026-12-02T12:00:00Z')),
      value: 19.9,
    })
    const told = await db()
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.dedupeKey, `subscription:${subId}:debit:2`))
    expect(told).toHaveLength(1)
    moveTo('2026-12-02T13:00:00Z')
    await debitMade(second)
    expect((await orderRow(second)).status).toBe('paid')
    expect((await subRow(subId)).currentPeriodEnd!.toISOString()).toBe('2027-01-02T12:00:00.000Z')

    moveTo('2026-12-30T13:00:00Z')
    expect((await svc().runDue()).charged).toBe(1)
    const third = (await cycleOrder(subId, 3))!
    moveTo('2027-01-02T13:00:00Z')
    await debitMade(third)
    const sub = await subRow(subId)
    expect(sub.status).toBe('ativa')
    expect(sub.currentPeriodEnd!.toISOString()).toBe('2027-02-02T12:00:00.000Z')
  })

  it('a refused debit: em atraso, and that cycle goes out as a PIX to pay', async () => {
    moveTo('2027-01-30T13:00:00Z')
    expect((await svc().runDue()).charged).toBe(1)
    const debitOrder = (await cycleOrder(subId, 4))!
    expect((await inject(fake.refuseDebit(debitOrder, TOKEN))).statusCode).toBe(200)
    // A second delivery of the same refusal changes nothing.
    expect((await inject(fake.refuseDebit(debitOrder, TOKEN))).statusCode).toBe(200)
    expect((await orderRow(debitOrder)).status).toBe('cancelled')
    const pixOrder = (await cycleOrder(subId, 4))!
    expect(pixOrder).not.toBe(debitOrder)
    const placed = await orderRow(pixOrder)
    expect(placed.pixCode).toBe(fake.paymentOf(pixOrder).payload)
    expect(fake.paymentOf(pixOrder).pixAutomaticAuthorizationId).toBeNull()
    expect((await subRow(subId)).status).toBe('em_atraso')
    await debitMade(pixOrder)
    const sub = await subRow(subId)
    expect(sub.status).toBe('ativa')
    expect(sub.currentPeriodEnd!.toISOString()).toBe('2027-03-02T12:00:00.000Z')
  })

  it('cancelling revokes the authorisation at Asaas; a failed revoke is retried by the job', async () => {
    const stored = await subRow(subId)
    const cancel = (id: string) =>
      call(store, 'POST', `/api/admin/subscriptions/${id}/cancel`, {}, { cookie: admin })
    expect((await cancel(subId)).statusCode).toBe(200)
    expect(fake.authorizations.get(stored.providerSubscriptionId!)!.status).toBe('CANCELLED')

    const other = await subscribedAndAuthorised()
    const authorization = fake.authorizationOf(other.order.id)
    fake.failNext(1)
    const res = await cancel(other.subscription.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().subscription.status).toBe('cancelada')
    expect(authorization.status).toBe('ACTIVE')
    expect((await subRow(other.subscription.id)).revokePendingAt).not.toBeNull()
    await svc().runDue()
    expect(authorization.status).toBe('CANCELLED')
    expect((await subRow(other.subscription.id)).revokePendingAt).toBeNull()
  })

  it('two instances running the renewal job at once schedule one debit', async () => {
    const answer = await subscribedAndAuthorised()
    // The second instance reads the settings saved above now, not when its 5 s cache ends.
    await second.app.services.settings.set('pix_automatico', true)
    moveTo('2026-11-29T13:00:00Z')
    await Promise.all([
      svc().runDue(),
      second.app.services.subscriptions.runDue(),
      svc().runDue(),
      second.app.services.subscriptions.runDue(),
    ])
    const authorizationId = (await subRow(answer.subscription.id)).providerSubscriptionId
    const debits = [...fake.payments.values()].filter(
      (p) => p.pixAutomaticAuthorizationId === authorizationId,
    )
    expect(debits).toHaveLength(1)
  })

  it('with another provider charging, the next cycle falls back to a monthly PIX', async () => {
    const answer = await subscribedAndAuthorised()
    expect((await save('pix_provider', 'auto')).statusCode).toBe(200)
    expect((await save('pix_key', 'loja@exemplo.com')).statusCode).toBe(200)
    moveTo('2026-11-29T13:00:00Z')
    await svc().runDue()
    const sub = await subRow(answer.subscription.id)
    expect(sub.method).toBe('pix_mensal')
    const order = await orderRow((await cycleOrder(answer.subscription.id, 2))!)
    expect(order.paymentProvider).toBe('static')
    expect(fake.authorizationOf(answer.order.id).status).toBe('CANCELLED')
  })

  it('her CPF is in the LGPD export, and an erasure removes it and ends the subscription', async () => {
    expect((await save('pix_provider', 'asaas')).statusCode).toBe(200)
    const answer = await subscribedAndAuthorised()
    const { email } = await subRow(answer.subscription.id)
    const exported = await call(
      store,
      'GET',
      `/api/admin/privacy/export?email=${encodeURIComponent(email)}`,
      undefined,
      { cookie: admin },
    )
    expect(exported.statusCode, exported.body).toBe(200)
    expect(exported.json().subscriptions).toEqual([
      expect.objectContaining({ id: answer.subscription.id, taxId: '52998224725', email }),
    ])
    const erased = await call(
      store,
      'POST',
      '/api/admin/privacy/anonymize',
      { email },
      { cookie: admin },
    )
    expect(erased.statusCode, erased.body).toBe(200)
    const sub = await subRow(answer.subscription.id)
    expect(sub).toMatchObject({ status: 'encerrada', taxId: null, customerWhatsapp: '' })
    expect(sub.email).not.toBe(email)
    await svc().runDue()
    expect(fake.authorizationOf(answer.order.id).status).toBe('CANCELLED')
  })
})

/** A genuine delivery made into forgeries: no token, another one, one a character short or long. */
function forgeriesOf(delivery: Delivery): Delivery[] {
  const { 'asaas-access-token': _token, ...headers } = delivery.headers
  return [
    { ...delivery, headers },
    ...['outro-token-qualquer-0123456789', TOKEN.slice(0, -1), `${TOKEN}x`].map((token) => ({
      ...delivery,
      headers: { ...headers, 'asaas-access-token': token },
    })),
  ]
}

describe('PIX Automático webhooks without the store’s Asaas token', () => {
  it('are refused with 401 and change nothing: an activation, a refused and a paid debit', async () => {
    moveTo('2026-11-02T12:00:00Z')
    const answer = await subscribeGuest(store, plan.id, CPF)
    const id = answer.subscription.id
    const refusals = forgeryRefusals(store, id, () => fake.requests.length, 'Token inválido')
    /** Each forgery answers 401 in Portuguese; no row moves and Asaas is not asked anything. */
    const refused = (delivery: Delivery) => refusals(forgeriesOf(delivery))

    // Asaas says active (the fake's state): only the token stands between.
    const activation = fake.approveAuthorization(answer.order.id, TOKEN)
    await refused(activation)
    expect((await subRow(id)).status).toBe('pendente')
    expect((await orderRow(answer.order.id)).status).toBe('pending')
    expect((await inject(activation)).statusCode).toBe(200)
    expect((await subRow(id)).status).toBe('ativa')

    moveTo('2026-11-29T13:00:00Z')
    await svc().runDue()
    const debit = (await cycleOrder(id, 2))!
    expect(debit).toBeTruthy()
    await refused(fake.refuseDebit(debit, TOKEN))
    expect(await cycleOrder(id, 2)).toBe(debit)
    expect((await orderRow(debit)).status).toBe('pending')
    expect((await subRow(id)).status).toBe('ativa')
    fake.pay(debit)
    const paid = fake.webhook(debit, { token: TOKEN })
    await refused(paid)
    expect((await orderRow(debit)).status).toBe('pending')
    expect((await subRow(id)).currentPeriodEnd!.toISOString()).toBe('2026-12-02T12:00:00.000Z')
    // The genuine delivery still pays it: the forgeries failed on their token alone.
    moveTo('2026-12-02T13:00:00Z')
    expect((await inject(paid)).statusCode).toBe(200)
    expect((await orderRow(debit)).status).toBe('paid')
  })
})
