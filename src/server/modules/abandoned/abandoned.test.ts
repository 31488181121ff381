import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RecoveryReport } from '../../../contracts/admin.js'
import { adminApi } from '../../testing/admin.js'
import { adminSession, newIp } from '../../testing/auth.js'
import { call, guestCheckout, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { startSmtpServer, type FakeSmtp } from '../../testing/smtp.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

const PUBLIC_URL = 'https://loja.exemplo.com.br'
const HOUR = 3_600_000

let smtp: FakeSmtp
let store: TestStore
let admin: string
let shift = 0
let product: { id: number }
const { adminCall } = adminApi(
  () => store,
  () => admin,
)

beforeAll(async () => {
  smtp = await startSmtpServer()
  store = await createTestStore({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Loja <loja@exemplo.com.br>', PUBLIC_URL },
    now: () => new Date(Date.now() + shift),
  })
  admin = (await adminSession(store.app)).cookie
  product = await insertProduct(store, { name: 'Jogo da Memória das Vogais', priceCents: 1290 })
}, 180_000)
afterAll(async () => {
  await store.close()
  await smtp.close()
})

const deliver = () => store.app.services.messaging.worker.runOnce()
const remindersTo = (address: string) =>
  smtp.mails.filter(
    (m) =>
      m.to && 'text' in m.to && m.to.text === address && /ficaram no carrinho/.test(m.subject!),
  )
const address = () => `prof.${Math.random().toString(36).slice(2, 8)}@exemplo.com`

const draft = (session: string, email: string, consent: boolean) =>
  store.app.inject({
    method: 'POST',
    url: '/api/checkout/draft',
    headers: { 'x-session-id': session },
    payload: { email, items: [{ productId: product.id, quantity: 2 }], consent },
    remoteAddress: newIp(),
  })

/** The job an hour (abandoned_minutes = 60) and a bit later. */
async function anHourLater() {
  shift += HOUR + 60_000
  await store.app.services.abandoned.runDue()
  await deliver()
}

describe('checkouts left half-way', () => {
  it('e-mails once, with the items and a link restoring them, after the quiet time', async () => {
    const email = address()
    const session = newCartSession()
    expect((await draft(session, email, true)).json()).toEqual({ saved: true })
    await store.app.services.abandoned.runDue()
    await deliver()
    expect(remindersTo(email)).toHaveLength(0)
    await anHourLater()
    expect(remindersTo(email)).toHaveLength(1)
    const mail = remindersTo(email)[0]!
    expect(mail.text).toContain('Jogo da Memória das Vogais')
    expect(mail.text).toContain('2 ×')
    const link = [...String(mail.html).matchAll(/href="([^"]+)"/g)]
      .map((m) => m[1]!.replace(/&amp;/g, '&'))
      .find((h) => h.includes('/carrinho/recuperar?t='))!
    const token = new URL(link).searchParams.get('t')!
    const items = await call(store, 'GET', `/api/checkout/draft/${token}`)
    expect(items.json()).toEqual({ items: [{ productId: product.id, quantity: 2 }] })

    // Never twice for the same cart, even if she types again.
    await draft(session, email, true)
    await anHourLater()
    expect(remindersTo(email)).toHaveLength(1)
  })

  it('never without the newsletter consent', async () => {
    const email = address()
    expect((await draft(newCartSession(), email, false)).json()).toEqual({ saved: false })
    // Ticked, then unticked: what was kept goes.
    const session = newCartSession()
    await draft(session, email, true)
    await draft(session, email, false)
    await anHourLater()
    expect(remindersTo(email)).toHaveLength(0)
  })

  it('never when an order followed; a recovered checkout counts in the report', async () => {
    const ordered = address()
    const session = newCartSession()
    await draft(session, ordered, true)
    await guestCheckout(store, session, [{ productId: product.id }], { email: ordered })
    await anHourLater()
    expect(remindersTo(ordered)).toHaveLength(0)

    const back = address()
    const cart = newCartSession()
    await draft(cart, back, true)
    await anHourLater()
    expect(remindersTo(back)).toHaveLength(1)
    const { order } = await guestCheckout(store, newCartSession(), [{ productId: product.id }], {
      email: back,
    })
    await call(store, 'POST', `/api/orders/${order.id}/confirm-payment`, {}, { session: cart })
    await adminCall('PUT', `/api/admin/orders/${order.id}/status`, { status: 'paid' })
    const report = (await adminCall('GET', '/api/admin/recovery')).json<RecoveryReport>()
    expect(report.abandonedEmailed).toBeGreaterThanOrEqual(2)
    expect(report.abandonedRecovered).toBe(1)
    expect(report.abandonedRevenue).toBe('12.90')
  })

  it('is deleted after 7 days, and names a bad e-mail', async () => {
    const email = address()
    await draft(newCartSession(), email, true)
    shift += 8 * 24 * HOUR
    expect(await store.app.services.abandoned.purge()).toBeGreaterThanOrEqual(1)
    const bad = await draft(newCartSession(), 'não-é-email', true)
    expect(bad.statusCode).toBe(400)
    expect(bad.headers['x-error-field']).toBe('email')
  })
})
