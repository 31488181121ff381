import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminAnalytics, AdminOrder } from '../../../contracts/admin.js'
import type { OrderStatusAnswer } from '../../../contracts/checkout.js'
import { DEFAULT_PAGE_TERMS } from '../../../contracts/default-pages.js'
import type { Product } from '../../../contracts/products.js'
import type { ChecklistAnswer, DemoRemoved, LogoAnswer } from '../../../contracts/store.js'
import { adminSession } from '../../testing/auth.js'
import { writeBuiltClient } from '../../testing/built-client.js'
import { call, guestCheckout, newCartSession } from '../../testing/commerce.js'
import { startFakeEvolution, type FakeEvolution } from '../../testing/fake-evolution.js'
import { insertProduct, samplePng } from '../../testing/fixtures.js'
import { connectWhatsapp } from '../../testing/messaging.js'
import { startSmtpServer, type FakeSmtp } from '../../testing/smtp.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { productFiles, productImages, products } from '../products/products.tables.js'

// One store through its owner's first hour: demo orders made on the demo catalogue,
// the checklist done step by step, the demo removed in one tap. The tests run in this order.
const PUBLIC_URL = 'https://loja.exemplo.com.br'
const STORE_NAME = 'Cantinho da Prô Ângela'
const BUYER_WHATSAPP = '(21) 98765-4321'

let store: TestStore
let smtp: FakeSmtp
let fake: FakeEvolution
let client: Awaited<ReturnType<typeof writeBuiltClient>>
let admin: string
/** Demo products: one only ever bought in demo mode, one a real buyer paid for too. */
let demoOnly: { id: number }
let demoSold: { id: number }
let own: { id: number }
let realOrderId: string

beforeAll(async () => {
  smtp = await startSmtpServer()
  fake = await startFakeEvolution()
  client = await writeBuiltClient()
  store = await createTestStore({
    clientDir: client.dir,
    env: { SMTP_URL: smtp.url, PUBLIC_URL },
  })
  admin = (await adminSession(store.app)).cookie
  demoOnly = await insertProduct(store, { name: 'Alfabeto de Exemplo', priceCents: 1990 })
  demoSold = await insertProduct(store, { name: 'Tabuada de Exemplo', priceCents: 2990 })
  own = await insertProduct(store, { name: 'Caderno da Professora', priceCents: 1500 })
  // As the seed marks them (seed/demo-catalog.ts).
  await store.database.db.update(products).set({ isDemo: true }).where(eq(products.id, demoOnly.id))
  await store.database.db.update(products).set({ isDemo: true }).where(eq(products.id, demoSold.id))
  store.app.services.catalog.invalidate()
})
afterAll(async () => {
  await store.close()
  await smtp.close()
  await fake.close()
  await client.remove()
})

const get = <T>(url: string) =>
  call(store, 'GET', url, undefined, { cookie: admin }).then((r) => r.json<T>())
const save = (key: string, value: string) =>
  call(store, 'POST', '/api/admin/settings', { key, value }, { cookie: admin })
const checklist = () => get<ChecklistAnswer>('/api/admin/checklist')
const done = async () => Object.fromEntries((await checklist()).items.map((i) => [i.key, i.done]))
const deliver = () => store.app.services.messaging.worker.runOnce()

/** A demo-mode order the buyer confirms herself, as the demo does: paid, nothing charged. */
async function demoOrder(productId: number) {
  const session = newCartSession()
  const { order } = await guestCheckout(store, session, [{ productId }])
  const res = await call(store, 'POST', `/api/orders/${order.id}/confirm-payment`, {}, { session })
  expect(res.json<OrderStatusAnswer>().status).toBe('confirmed')
  return order.id
}

describe("the owner's first hour", () => {
  it('starts with every step of the checklist to do, and demo orders marked as such', async () => {
    await demoOrder(demoOnly.id)
    await demoOrder(demoSold.id)
    await demoOrder(own.id)
    const answer = await checklist()
    expect(answer.items.map((i) => i.key)).toEqual([
      'payment',
      'contact',
      'identity',
      'alerts',
      'demo',
      'texts',
    ])
    expect(answer.items.every((i) => !i.done && i.label.length > 0)).toBe(true)
    expect(answer.ready).toBe(false)
    const orders = await get<AdminOrder[]>('/api/admin/orders')
    expect(orders).toHaveLength(3)
    expect(orders.every((o) => o.paymentProvider === 'demo')).toBe(true)
  })

  it('the checklist answers the admin only', async () => {
    expect((await call(store, 'GET', '/api/admin/checklist')).statusCode).toBe(401)
    expect((await call(store, 'POST', '/api/admin/demo/remove')).statusCode).toBe(401)
  })

  it('payment: done once the PIX key is saved', async () => {
    expect((await save('pix_key', 'loja@exemplo.com.br')).statusCode).toBe(200)
    expect(await done()).toMatchObject({ payment: true, contact: false })
  })

  it('contact: the demo placeholders count as not done, until every one is replaced', async () => {
    expect((await save('whatsapp_number', '5521987654321')).statusCode).toBe(200)
    expect((await done()).contact).toBe(false)
    await save('footer_whatsapp', '5521987654321')
    await save('footer_email', 'angela@cantinho.com.br')
    expect((await done()).contact).toBe(false)
    await save('footer_instagram', '@lojademateriais')
    expect((await done()).contact).toBe(false)
    await save('footer_instagram', '@cantinhodapro')
    expect((await done()).contact).toBe(true)
  })

  it('identity: a CPF or CNPJ is checked digit by digit', async () => {
    const bad = await save('seller_document', '123.456.789-00')
    expect(bad.statusCode).toBe(400)
    expect(bad.json<{ message: string }>().message).toMatch(/CPF ou CNPJ inválido/)
    const empty = await save('store_name', '   ')
    expect(empty.statusCode).toBe(400)
    expect((await save('seller_document', '529.982.247-25')).json<{ value: string }>().value).toBe(
      '52998224725',
    )
    expect((await save('seller_phone', 'ligue já')).statusCode).toBe(400)
  })

  it('identity: done with the store name and the seller’s name, document and address', async () => {
    await save('store_name', STORE_NAME)
    await save('seller_name', 'Ângela Maria Souza')
    expect((await done()).identity).toBe(false)
    await save('seller_address', 'Rua das Flores, 10, Niterói - RJ')
    expect((await done()).identity).toBe(true)
    const pub = (await call(store, 'GET', '/api/settings/public')).json<Record<string, string>>()
    expect(pub).toMatchObject({
      store_name: STORE_NAME,
      seller_name: 'Ângela Maria Souza',
      seller_document: '52998224725',
      seller_address: 'Rua das Flores, 10, Niterói - RJ',
      support_hours: 'segunda a sexta, das 8h às 18h',
      page_terms: DEFAULT_PAGE_TERMS,
    })
  })

  it('alerts: done once an e-mail for the owner is saved', async () => {
    expect((await done()).alerts).toBe(false)
    await save('admin_email', 'angela@cantinho.com.br')
    expect(await done()).toMatchObject({ alerts: true, demo: false })
  })

  it('a real order of a demo product is taken and paid (under the store’s own key)', async () => {
    const { order } = await guestCheckout(store, newCartSession(), [{ productId: demoSold.id }], {
      whatsapp: BUYER_WHATSAPP,
    })
    realOrderId = order.id
    const paid = await call(
      store,
      'PUT',
      `/api/admin/orders/${order.id}/status`,
      { status: 'paid' },
      { cookie: admin },
    )
    expect(paid.statusCode).toBe(200)
    const figures = await get<AdminAnalytics>('/api/admin/analytics')
    expect(figures.totals.orders).toBe(4)
  })

  it('removing the demo: demo orders leave the figures, demo products the catalogue', async () => {
    const { db } = store.database
    const keysOf = async (id: number) => [
      ...(await db.select().from(productFiles).where(eq(productFiles.productId, id))).map(
        (f) => f.storageKey,
      ),
    ]
    const demoFiles = await keysOf(demoOnly.id)
    const [demoImage] = await db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, demoOnly.id))
    const soldFiles = await keysOf(demoSold.id)

    const res = await call(store, 'POST', '/api/admin/demo/remove', {}, { cookie: admin })
    expect(res.statusCode).toBe(200)
    expect(res.json<DemoRemoved>()).toEqual({ products: 2, orders: 3, texts: 0 })

    const orders = await get<AdminOrder[]>('/api/admin/orders')
    expect(orders.map((o) => o.id)).toEqual([realOrderId])
    const figures = await get<AdminAnalytics>('/api/admin/analytics')
    expect(figures.totals.orders).toBe(1)
    expect(figures.totals.revenue).toBe('29.90')
    // The best sellers count real sales only: the demo's sale of her own product is gone too.
    const sold = await store.app.services.orders.unitsSold()
    expect([...sold.keys()]).toEqual([demoSold.id])
    const best = (await call(store, 'GET', '/api/products/bestsellers')).json<Product[]>()
    expect(best.map((p) => p.id)).not.toContain(demoOnly.id)

    // The product only the demo bought is gone with its files; the one a buyer paid for stays,
    // out of the catalogue, with its files.
    expect((await call(store, 'GET', `/api/products/${demoOnly.id}`)).statusCode).toBe(404)
    expect((await call(store, 'GET', `/api/products/${demoSold.id}`)).statusCode).toBe(404)
    const kept = await db.select().from(products).where(eq(products.id, demoSold.id))
    expect(kept[0]).toMatchObject({ isActive: false })
    expect(await db.select().from(products).where(eq(products.id, demoOnly.id))).toEqual([])
    for (const key of demoFiles) expect(await store.storage.size(key)).toBeNull()
    expect(await store.storage.size(Object.values(demoImage!.variants)[0]!)).toBeNull()
    for (const key of soldFiles) expect(await store.storage.size(key)).not.toBeNull()
    // Her own product is untouched.
    expect((await call(store, 'GET', `/api/products/${own.id}`)).statusCode).toBe(200)

    const answer = await checklist()
    expect(answer.items.find((i) => i.key === 'demo')!.done).toBe(true)
    // Only her texts are left to read (store-texts.test.ts).
    expect(answer.items.filter((i) => !i.done).map((i) => i.key)).toEqual(['texts'])
    // Nothing left to remove: a second tap removes nothing.
    const again = await call(store, 'POST', '/api/admin/demo/remove', {}, { cookie: admin })
    expect(again.json<DemoRemoved>()).toEqual({ products: 0, orders: 0, texts: 0 })
  })
})

describe('the store name, set once, everywhere', () => {
  it('is in the product page’s header, title, og:site_name and JSON-LD seller', async () => {
    const html = (await call(store, 'GET', `/produto/${own.id}`)).body
    expect(html).toContain(`<title>Caderno da Professora — R$`)
    expect(html).toMatch(new RegExp(`<title>[^<]*\\| ${STORE_NAME}</title>`))
    expect(html).toContain(`<meta property="og:site_name" content="${STORE_NAME}">`)
    expect(html).toMatch(new RegExp(`data-testid="store-name"[^>]*>${STORE_NAME}</span>`))
    expect(html).toContain(`"seller":{"@type":"Organization","name":"${STORE_NAME}"}`)
    const home = (await call(store, 'GET', '/')).body
    // Its PIX key was saved above: the owner confirms by hand, so the title promises no 'na hora'.
    expect(home).toContain(`<title>${STORE_NAME} — materiais pedagógicos pagos com PIX</title>`)
  })

  it('signs the e-mails (sender name and header) and the buyer’s WhatsApp', async () => {
    await connectWhatsapp(store, fake)
    const { order } = await guestCheckout(store, newCartSession(), [{ productId: own.id }], {
      whatsapp: BUYER_WHATSAPP,
    })
    await call(
      store,
      'PUT',
      `/api/admin/orders/${order.id}/status`,
      { status: 'paid' },
      { cookie: admin },
    )
    await deliver()
    const mail = smtp.mails.find((m) => m.subject?.includes(order.id.slice(0, 8)))
    expect(mail, 'an e-mail about the order').toBeDefined()
    expect(mail!.from?.value[0]).toMatchObject({
      name: STORE_NAME,
      address: 'angela@cantinho.com.br',
    })
    expect(String(mail!.html)).toContain(STORE_NAME)
    const text = fake.to('5521987654321').find((m) => m.text.includes(`#${order.id.slice(0, 8)}`))
    expect(text, 'the buyer’s WhatsApp').toBeDefined()
    expect(text!.text.trim().endsWith(`— ${STORE_NAME}`)).toBe(true)
  })
})

describe('the logo', () => {
  const upload = (bytes: Buffer, fileName: string, field = 'logo') => {
    const boundary = '----logo' + Math.random().toString(16).slice(2)
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    return store.app.inject({
      method: 'POST',
      url: '/api/admin/store/logo',
      headers: { cookie: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    })
  }

  it('refuses a file that is not an image, whatever its name says', async () => {
    const res = await upload(Buffer.from('<script>alert(1)</script>'), 'logo.png')
    expect(res.statusCode).toBe(415)
    expect(res.json<{ message: string }>().message).toMatch(/imagem|formato|JPG|PNG/i)
    expect(await store.app.services.settings.get('store_logo')).toBe('')
  })

  it('takes an image, serves it as PNG, shows it in e-mails, and goes back to the apple', async () => {
    const res = await upload(await samplePng(900, 300), 'logo.png')
    expect(res.statusCode).toBe(200)
    const { logo } = res.json<LogoAnswer>()
    expect(logo).toMatch(/^\/api\/store\/logo\?v=[0-9a-f]{16}$/)
    const pub = (await call(store, 'GET', '/api/settings/public')).json<Record<string, string>>()
    expect(pub.store_logo).toBe(logo)
    const image = await call(store, 'GET', logo)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')
    expect(image.headers['cache-control']).toContain('immutable')
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG')

    const html = (await call(store, 'GET', `/produto/${own.id}`)).body
    expect(html).toContain(`<img src="${logo.replace('&', '&amp;')}"`)
    const composed = await store.app.services.messaging.mail.compose({
      subject: 'Teste',
      paragraphs: ['Olá'],
    })
    expect(composed.html).toContain(`<img src="${PUBLIC_URL}${logo}"`)

    const removed = await call(store, 'DELETE', '/api/admin/store/logo', undefined, {
      cookie: admin,
    })
    expect(removed.statusCode).toBe(204)
    expect((await call(store, 'GET', '/api/store/logo')).statusCode).toBe(404)
    expect(await store.app.services.settings.get('store_logo')).toBe('')
  })
})

describe('the owner’s pages', () => {
  it('keep what she types as text: a script is stored and answered as plain characters', async () => {
    const text = 'Sobre a loja\n\n<script>alert("oi")</script> https://exemplo.com'
    expect((await save('page_about', text)).statusCode).toBe(200)
    const pub = (await call(store, 'GET', '/api/settings/public')).json<Record<string, string>>()
    expect(pub.page_about).toBe(text)
    expect((await save('page_terms', 'x'.repeat(20_001))).statusCode).toBe(400)
  })
})
