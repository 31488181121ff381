import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutAnswer } from '../../../contracts/checkout.js'
import { adminApi } from '../../testing/admin.js'
import { adminSession } from '../../testing/auth.js'
import { call, guestForm, newCartSession } from '../../testing/commerce.js'
import { guestDownload, type GuestBuyer } from '../../testing/downloads.js'
import { startFakeAsaas, type FakeAsaas } from '../../testing/fake-asaas.js'
import { insertProduct } from '../../testing/fixtures.js'
import { outboxRows } from '../../testing/messaging.js'
import { storeRows } from '../../testing/rows.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { invoices } from './invoices.tables.js'

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
const { orderRow } = storeRows(() => store)
const save = async (key: string, value: string) => {
  const res = await adminCall('POST', '/api/admin/settings', { key, value })
  if (res.statusCode !== 200) throw new Error(`${key}: ${res.body}`)
}
const invoiceOf = async (orderId: string) =>
  (await store.database.db.select().from(invoices).where(eq(invoices.orderId, orderId)))[0]
const runDue = () => store.app.services.invoices.runDue()

beforeAll(async () => {
  fake = await startFakeAsaas()
  store = await createTestStore({ env: { ASAAS_API_URL: fake.url } })
  kit = await insertProduct(store, { name: 'Kit Alfabetização', priceCents: 2990 })
  admin = (await adminSession(store.app)).cookie
  await save('asaas_api_key', fake.apiKey)
  await save('asaas_webhook_token', WEBHOOK_TOKEN)
  await save('pix_provider', 'asaas')
  await save('nfse_provider', 'asaas')
  await save('nfse_issue_on', 'paid')
  await save('nfse_service_code', '08.02')
  await save('admin_email', 'dona@loja.com.br')
})
afterAll(async () => {
  await store.close()
  await fake.close()
})

/** An order paid through Asaas (its PIX charge, then Asaas' webhook). */
async function paidOrder(invoice?: unknown): Promise<{ id: string; buyer: GuestBuyer }> {
  const customerData = guestForm()
  const res = await call(
    store,
    'POST',
    '/api/checkout',
    { items: [{ productId: kit.id }], customerData, taxId: CPF, ...(invoice ? { invoice } : {}) },
    { session: newCartSession() },
  )
  if (res.statusCode !== 201) throw new Error(`checkout ${res.statusCode} ${res.body}`)
  const id = res.json<CheckoutAnswer>().order.id
  fake.pay(id)
  await store.app.inject(fake.webhook(id, { token: WEBHOOK_TOKEN }))
  expect((await orderRow(id)).status).toBe('paid')
  return { id, buyer: { orderId: id, email: customerData.email, whatsapp: customerData.whatsapp } }
}

describe('the nota through Asaas', () => {
  it('is scheduled tied to the order’s payment, once, and authorised by its INVOICE_ webhook', async () => {
    const { id } = await paidOrder({ taxId: CNPJ, companyName: 'Secretaria de Educação' })
    await runDue()
    await Promise.all([runDue(), runDue()])
    const created = [...fake.invoices.values()].filter((i) => i.externalReference === id)
    expect(created).toHaveLength(1)
    expect(created[0]).toMatchObject({
      payment: fake.paymentOf(id).id,
      value: 29.9,
      municipalServiceCode: '08.02',
      taxes: expect.objectContaining({ iss: 2, retainIss: false }),
    })
    expect((await invoiceOf(id))?.status).toBe('processing')

    // A forged delivery changes nothing.
    fake.settleInvoice(created[0]!.id, 'AUTHORIZED')
    const forged = await store.app.inject(
      fake.invoiceWebhook(created[0]!.id, 'INVOICE_AUTHORIZED', 'outro-token-0123456789'),
    )
    expect(forged.statusCode).toBe(401)
    expect((await invoiceOf(id))?.status).toBe('processing')

    const hook = await store.app.inject(
      fake.invoiceWebhook(created[0]!.id, 'INVOICE_AUTHORIZED', WEBHOOK_TOKEN),
    )
    expect(hook.statusCode).toBe(200)
    expect(await invoiceOf(id)).toMatchObject({
      status: 'authorized',
      providerRef: created[0]!.id,
      pdfUrl: created[0]!.pdfUrl,
      xmlUrl: created[0]!.xmlUrl,
    })
  })

  it('shows the municipality’s error, and cancels the nota when the order is refunded', async () => {
    const { id } = await paidOrder({ taxId: CPF })
    await runDue()
    const nota = fake.invoiceOf(id)!
    fake.settleInvoice(nota.id, 'ERROR', 'Inscrição municipal não informada')
    await store.app.inject(fake.invoiceWebhook(nota.id, 'INVOICE_ERROR', WEBHOOK_TOKEN))
    expect(await invoiceOf(id)).toMatchObject({
      status: 'failed',
      message: 'Inscrição municipal não informada',
    })
    const retried = await adminCall('POST', `/api/admin/invoices/${id}/retry`)
    expect(retried.json()).toMatchObject({ status: 'processing' })
    const second = [...fake.invoices.values()].filter((i) => i.externalReference === id).at(-1)!
    fake.settleInvoice(second.id, 'AUTHORIZED')
    await store.app.inject(fake.invoiceWebhook(second.id, 'INVOICE_AUTHORIZED', WEBHOOK_TOKEN))
    expect((await invoiceOf(id))?.status).toBe('authorized')

    const refund = await adminCall('POST', `/api/admin/orders/${id}/refund`, { reason: 'Desistiu' })
    expect(refund.statusCode).toBe(200)
    await runDue()
    expect(second.status).toBe('PROCESSING_CANCELLATION')
    expect((await invoiceOf(id))?.status).toBe('cancel_pending')
    fake.settleInvoice(second.id, 'CANCELED')
    await store.app.inject(fake.invoiceWebhook(second.id, 'INVOICE_CANCELED', WEBHOOK_TOKEN))
    expect((await invoiceOf(id))?.status).toBe('cancelled')
  })
})

describe('a chargeback reported by the provider', () => {
  it('revokes the downloads at once, as a refund does, and tells the owner', async () => {
    const { id, buyer } = await paidOrder()
    expect((await guestDownload(store, buyer, kit.id)).statusCode).toBe(200)
    fake.pay(id, { status: 'CHARGEBACK_REQUESTED' })
    const hook = await store.app.inject(
      fake.webhook(id, { token: WEBHOOK_TOKEN, event: 'PAYMENT_CHARGEBACK_REQUESTED' }),
    )
    expect(hook.statusCode).toBe(200)
    expect(await orderRow(id)).toMatchObject({ status: 'refunded', closedReason: 'provider' })
    expect((await guestDownload(store, buyer, kit.id)).statusCode).toBeGreaterThanOrEqual(400)
    const alert = (await outboxRows(store)).find(
      (m) => m.dedupeKey === `order:${id}:reversed:admin-email`,
    )
    expect(alert?.toNumber).toBe('dona@loja.com.br')
    expect(alert?.body).toContain('chargeback')
  })
})
