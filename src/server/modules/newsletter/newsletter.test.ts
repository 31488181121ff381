import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminNewsletter, NewsletterOverview } from '../../../contracts/newsletter.js'
import type { DataExport } from '../../../contracts/privacy.js'
import { adminApi } from '../../testing/admin.js'
import { adminSession, newCustomer, newIp } from '../../testing/auth.js'
import { call, guestCheckout, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { startSmtpServer, type FakeSmtp } from '../../testing/smtp.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

const PUBLIC_URL = 'https://loja.exemplo.com.br'
const OWNER = 'dona@loja.exemplo.com.br'

let smtp: FakeSmtp
let store: TestStore
let admin: string
let product: { id: number }
const { adminCall } = adminApi(
  () => store,
  () => admin,
)

beforeAll(async () => {
  smtp = await startSmtpServer()
  store = await createTestStore({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Loja <loja@exemplo.com.br>', PUBLIC_URL },
  })
  admin = (await adminSession(store.app)).cookie
  await store.app.services.settings.set('admin_email', OWNER)
  product = await insertProduct(store, { name: 'Alfabeto Ilustrado', priceCents: 1590 })
}, 180_000)
afterAll(async () => {
  await store.close()
  await smtp.close()
})

const deliver = () => store.app.services.messaging.worker.runOnce()
const mailsTo = (address: string) =>
  smtp.mails.filter((m) => m.to && 'text' in m.to && m.to.text === address)
const hrefs = (mail: ParsedMail) =>
  [...String(mail.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'))
/** A header as it came over SMTP (mailparser folds List-* headers into an object). */
const rawHeader = (mail: ParsedMail, key: string) =>
  mail.headerLines
    .find((h) => h.key === key)
    ?.line.replace(/^[^:]+:\s*/, '')
    .replace(/\r?\n\s+/g, ' ')
const address = () => `leitora.${Math.random().toString(36).slice(2, 8)}@exemplo.com`

const subscribe = (email: string) =>
  store.app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email },
    remoteAddress: newIp(),
  })

/** The footer's opt-in and the confirmation link tapped: a confirmed subscriber. */
async function confirmedSubscriber(email = address()) {
  expect((await subscribe(email)).statusCode).toBe(200)
  await deliver()
  const mail = mailsTo(email).find((m) => /Confirme seu e-mail/.test(m.subject!))!
  const link = new URL(hrefs(mail).find((h) => h.includes('/novidades/confirmar'))!)
  const res = await call(store, 'POST', `/api/newsletter/confirm?t=${link.searchParams.get('t')}`)
  expect(res.statusCode).toBe(200)
  return email
}

async function sentNewsletter(subject: string) {
  const created = await adminCall('POST', '/api/admin/newsletters', {
    subject,
    text: 'Chegou o kit de volta às aulas.\n\nAproveite!',
    productIds: [product.id],
  })
  expect(created.statusCode).toBe(201)
  const { id } = created.json<AdminNewsletter>()
  const sent = await adminCall('POST', `/api/admin/newsletters/${id}/send`)
  expect(sent.statusCode).toBe(200)
  while ((await store.app.services.newsletter.runDue()) > 0) {
    // The pace puts the next batch a minute later: the test moves the row's due time instead.
    const { db } = store.database
    const { newsletters } = await import('./newsletter.tables.js')
    const { eq } = await import('drizzle-orm')
    await db
      .update(newsletters)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(newsletters.id, id))
  }
  await deliver()
  return { id, recipients: sent.json<{ recipients: number }>().recipients }
}

describe('double opt-in', () => {
  it('sends a confirmation first; only a confirmed address receives newsletters', async () => {
    const pending = address()
    await subscribe(pending)
    const confirmed = await confirmedSubscriber()
    await deliver()
    const confirmation = mailsTo(pending).find((m) => /Confirme seu e-mail/.test(m.subject!))!
    // A transactional e-mail: no unsubscribe header.
    expect(rawHeader(confirmation, 'list-unsubscribe')).toBeUndefined()

    await sentNewsletter('Volta às aulas')
    expect(mailsTo(confirmed).filter((m) => m.subject === 'Volta às aulas')).toHaveLength(1)
    expect(mailsTo(pending).filter((m) => m.subject === 'Volta às aulas')).toHaveLength(0)
  })

  it('records a checkout’s consent with where and when, only when ticked, in the data export', async () => {
    const ticked = address()
    const unticked = address()
    await guestCheckout(store, newCartSession(), [{ productId: product.id }], { email: ticked })
    const res = await call(
      store,
      'POST',
      '/api/checkout',
      {
        items: [{ productId: product.id, quantity: 1 }],
        customerData: {
          firstName: 'Maria',
          lastName: 'Souza',
          email: unticked,
          whatsapp: '(11) 98765-4321',
          createAccount: false,
          acceptTerms: true,
        },
        newsletter: true,
      },
      { session: newCartSession() },
    )
    expect(res.statusCode).toBe(201)
    await deliver()
    // `unticked` above is the one who ticked in the body; `ticked` used the form without it.
    expect(mailsTo(ticked).some((m) => /Confirme seu e-mail/.test(m.subject!))).toBe(false)
    expect(mailsTo(unticked).some((m) => /Confirme seu e-mail/.test(m.subject!))).toBe(true)
    const exported = await adminCall('GET', `/api/admin/privacy/export?email=${unticked}`)
    expect(exported.json<DataExport>().newsletter).toMatchObject({
      status: 'pending',
      source: 'checkout',
      consentAt: expect.stringMatching(/^\d{4}-/),
    })
    const none = await adminCall('GET', `/api/admin/privacy/export?email=${ticked}`)
    expect(none.json<DataExport>().newsletter).toBeNull()
  })

  it('records a sign-up’s consent', async () => {
    const body = { ...newCustomer(), newsletter: true }
    const res = await store.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body,
      remoteAddress: newIp(),
    })
    expect(res.statusCode).toBe(201)
    expect(await store.app.services.newsletter.subscribers.exportOf(body.email)).toMatchObject({
      source: 'signup',
    })
  })
})

describe('each newsletter', () => {
  it('carries List-Unsubscribe with One-Click and a visible link; one POST without login stops all', async () => {
    const reader = await confirmedSubscriber()
    const { id } = await sentNewsletter('Kit de Páscoa')
    const mail = mailsTo(reader).find((m) => m.subject === 'Kit de Páscoa')!
    const header = rawHeader(mail, 'list-unsubscribe')!
    expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const oneClick = /<([^>]+)>/.exec(header)![1]!
    expect(oneClick.startsWith(`${PUBLIC_URL}/api/newsletter/unsubscribe?t=`)).toBe(true)
    expect(String(mail.html)).toContain('Cancelar inscrição')
    expect(hrefs(mail).some((h) => h.startsWith(`${PUBLIC_URL}/novidades/cancelar?t=`))).toBe(true)
    // The featured product as a card, with its cover (the JPEG every mail app shows).
    expect(mail.text).toContain('Alfabeto Ilustrado')
    const cover = /<img src="([^"]+)" alt="Capa de Alfabeto Ilustrado"/.exec(String(mail.html))
    expect(cover?.[1]).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/products/${product.id}/share\\.jpg\\?v=[0-9a-f]+$`),
    )
    const image = await store.app.inject({
      url: new URL(cover![1]!).pathname + new URL(cover![1]!).search,
    })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/jpeg')

    // What a mail app does (RFC 8058): a form POST, no cookie, no Origin.
    const url = new URL(oneClick)
    const res = await store.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toMatch(/cancelada/)

    await sentNewsletter('Kit de Junho')
    expect(mailsTo(reader).filter((m) => m.subject === 'Kit de Junho')).toHaveLength(0)
    const overview = (await adminCall('GET', '/api/admin/newsletters')).json<NewsletterOverview>()
    expect(overview.newsletters.find((n) => n.id === id)?.unsubscribes).toBe(1)
    expect(overview.subscribers.unsubscribed).toBeGreaterThanOrEqual(1)
  })

  it('counts one unsubscription for 30 clicks at once, and never stops transactional e-mails', async () => {
    const reader = await confirmedSubscriber()
    const { id } = await sentNewsletter('Novidades de maio')
    const mail = mailsTo(reader).find((m) => m.subject === 'Novidades de maio')!
    const oneClick = /<([^>]+)>/.exec(rawHeader(mail, 'list-unsubscribe')!)![1]!
    const url = new URL(oneClick)
    const clicks = await Promise.all(
      Array.from({ length: 30 }, () => call(store, 'POST', `${url.pathname}${url.search}`)),
    )
    expect(clicks.map((c) => c.statusCode)).toEqual(Array(30).fill(200))
    const overview = (await adminCall('GET', '/api/admin/newsletters')).json<NewsletterOverview>()
    expect(overview.newsletters.find((n) => n.id === id)?.unsubscribes).toBe(1)
    await guestCheckout(store, newCartSession(), [{ productId: product.id }], { email: reader })
    await deliver()
    const order = mailsTo(reader).find((m) => /Pedido/.test(m.subject!))
    expect(order).toBeDefined()
    expect(rawHeader(order!, 'list-unsubscribe')).toBeUndefined()
  })

  it('is tested on the owner’s inbox, sent once, and a sent one cannot change', async () => {
    const created = await adminCall('POST', '/api/admin/newsletters', {
      subject: 'Prévia',
      text: 'Texto',
      productIds: [],
    })
    const { id } = created.json<AdminNewsletter>()
    const preview = await adminCall('GET', `/api/admin/newsletters/${id}/preview`)
    expect(preview.json().html).toContain('Cancelar inscrição')
    const test = await adminCall('POST', `/api/admin/newsletters/${id}/test`)
    expect(test.json()).toMatchObject({ to: OWNER })
    await deliver()
    expect(mailsTo(OWNER).some((m) => m.subject === '[Teste] Prévia')).toBe(true)
    await adminCall('POST', `/api/admin/newsletters/${id}/send`)
    const again = await adminCall('POST', `/api/admin/newsletters/${id}/send`)
    expect(again.statusCode).toBe(409)
    const tooMany = await adminCall('POST', '/api/admin/newsletters', {
      subject: 'x',
      text: 'y',
      productIds: [1, 2, 3, 4, 5, 6, 7],
    })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.headers['x-error-field']).toBe('productIds')
    expect((await call(store, 'GET', '/api/admin/newsletters')).statusCode).toBe(401)
  })
})
