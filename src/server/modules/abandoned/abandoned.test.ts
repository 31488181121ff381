import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RecoveryReport } from '../../../contracts/admin.js'
import { adminApi } from '../../testing/admin.js'
import { adminSession, newIp } from '../../testing/auth.js'
import { call, guestCheckout, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { confirmedSubscriber } from '../../testing/newsletter.js'
import { startSmtpServer, type FakeSmtp } from '../../testing/smtp.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { DRAFT_NOT_IN_CART } from './abandoned.service.js'

const PUBLIC_URL = 'https://loja.exemplo.com.br'
const HOUR = 3_600_000

let smtp: FakeSmtp
let store: TestStore
let admin: string
let shift = 0
let product: { id: number }
let other: { id: number }
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
  other = await insertProduct(store, { name: 'Bingo das Sílabas', priceCents: 990 })
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
/** An address that confirmed from its inbox that it wants news. */
const subscriber = () => confirmedSubscriber(store, address())

/** A new cart session holding the product twice, as the checkout page shows it. */
async function filledCart(): Promise<string> {
  const session = newCartSession()
  const res = await call(
    store,
    'POST',
    '/api/cart',
    { productId: product.id, quantity: 2 },
    { session },
  )
  expect(res.statusCode, res.body).toBe(200)
  return session
}

const draft = (
  session: string,
  email: string,
  consent: boolean,
  items: { productId: number; quantity: number }[] = [{ productId: product.id, quantity: 2 }],
) =>
  store.app.inject({
    method: 'POST',
    url: '/api/checkout/draft',
    headers: { 'x-session-id': session },
    payload: { email, items, consent },
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
    const email = await subscriber()
    const session = await filledCart()
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
    const email = await subscriber()
    expect((await draft(await filledCart(), email, false)).json()).toEqual({ saved: false })
    // Ticked, then unticked: what was kept goes.
    const session = await filledCart()
    await draft(session, email, true)
    await draft(session, email, false)
    await anHourLater()
    expect(remindersTo(email)).toHaveLength(0)
  })

  it('never when an order followed; a recovered checkout counts in the report', async () => {
    const ordered = await subscriber()
    const session = await filledCart()
    await draft(session, ordered, true)
    await guestCheckout(store, session, [{ productId: product.id }], { email: ordered })
    await anHourLater()
    expect(remindersTo(ordered)).toHaveLength(0)

    const back = await subscriber()
    const cart = await filledCart()
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

  it('never to an address that did not confirm it wants news: the box is whoever typed it', async () => {
    const stranger = address()
    const pending = address()
    // Asked from the footer, never confirmed from the inbox.
    await store.app.services.newsletter.consent(pending, 'footer')
    for (const email of [stranger, pending]) {
      const res = await draft(await filledCart(), email, true)
      // The same answer as for a subscriber: it tells nobody who subscribed.
      expect([res.statusCode, res.json()]).toEqual([200, { saved: true }])
    }
    await anHourLater()
    expect(remindersTo(stranger)).toHaveLength(0)
    expect(remindersTo(pending)).toHaveLength(0)
  })

  it("keeps a draft only of what is in that session's cart", async () => {
    const email = await subscriber()
    const madeUp = await draft(newCartSession(), email, true)
    expect([madeUp.statusCode, madeUp.json()]).toEqual([409, { message: DRAFT_NOT_IN_CART }])
    const session = await filledCart()
    for (const items of [
      [{ productId: other.id, quantity: 1 }],
      [{ productId: product.id, quantity: 3 }],
      [
        { productId: product.id, quantity: 2 },
        { productId: other.id, quantity: 1 },
      ],
    ]) {
      const res = await draft(session, email, true, items)
      expect([res.statusCode, res.json()]).toEqual([409, { message: DRAFT_NOT_IN_CART }])
    }
    const noSession = await store.app.inject({
      method: 'POST',
      url: '/api/checkout/draft',
      payload: { email, items: [{ productId: product.id, quantity: 1 }], consent: true },
      remoteAddress: newIp(),
    })
    expect([noSession.statusCode, noSession.json()]).toEqual([
      400,
      { message: 'Sessão do carrinho ausente' },
    ])
    // What is in it is kept, and only that reminds her.
    const kept = await draft(session, email, true, [{ productId: product.id, quantity: 1 }])
    expect([kept.statusCode, kept.json()]).toEqual([200, { saved: true }])
    await anHourLater()
    expect(remindersTo(email)).toHaveLength(1)
    expect(remindersTo(email)[0]!.text).toContain('Jogo da Memória das Vogais')
    expect(remindersTo(email)[0]!.text).not.toContain('Bingo das Sílabas')
  })

  it('sends one address one reminder a week, whatever the carts: 30 drafts, 30 runs at once', async () => {
    const email = await subscriber()
    const sessions = await Promise.all(Array.from({ length: 30 }, () => filledCart()))
    const saved = await Promise.all(sessions.map((session) => draft(session, email, true)))
    expect(saved.every((res) => res.statusCode === 200)).toBe(true)
    shift += HOUR + 60_000
    // One draft per run, all at once: on PostgreSQL they race on the address.
    const sent = await Promise.all(sessions.map(() => store.app.services.abandoned.runDue(1)))
    await deliver()
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1)
    expect(remindersTo(email)).toHaveLength(1)

    // Six days on, a new cart of hers waits; past the week, the next one goes.
    shift += 6 * 24 * HOUR
    await draft(await filledCart(), email, true)
    await anHourLater()
    expect(remindersTo(email)).toHaveLength(1)
    shift += 24 * HOUR
    await draft(await filledCart(), email, true)
    await anHourLater()
    expect(remindersTo(email)).toHaveLength(2)
  })

  it('is deleted after 7 days, and names a bad e-mail', async () => {
    const email = await subscriber()
    await draft(await filledCart(), email, true)
    shift += 8 * 24 * HOUR
    expect(await store.app.services.abandoned.purge()).toBeGreaterThanOrEqual(1)
    const bad = await draft(await filledCart(), 'não-é-email', true)
    expect(bad.statusCode).toBe(400)
    expect(bad.headers['x-error-field']).toBe('email')
  })
})
