import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { RecoveryReport } from '../../../contracts/admin.js'
import { readSetting, settingText, type SettingKey } from '../../../contracts/settings.js'
import { buildApp } from '../../app.js'
import type { App } from '../../app-types.js'
import { adminSession } from '../../testing/auth.js'
import { call, guestCheckout, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createWhatsappStore } from '../../testing/messaging.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { messageOutbox } from '../messaging/messaging.tables.js'
import { orders } from '../orders/orders.tables.js'
import { recoveryOptOuts, recoveryReminders } from './recovery.tables.js'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const onPostgres = Boolean(process.env.DATABASE_URL)

/** The stores' clock: real time plus `skew`, moved by the tests (no sleeps). */
let skew = 0
const now = () => new Date(Date.now() + skew)

let env: Awaited<ReturnType<typeof createWhatsappStore>>
let store: TestStore
let second: { app: App; close(): Promise<unknown> }
let product: { id: number }
let admin: string

beforeAll(async () => {
  env = await createWhatsappStore({ now, backgroundJobs: false })
  store = env.store
  const { settings } = store.app.services
  // A real PIX (static provider): the order has a code and an expiry.
  await settings.set('pix_key', 'loja@exemplo.com.br')
  await settings.set('pix_recipient_name', 'Loja da Professora')
  await settings.set('pix_city', 'Sao Paulo')
  await settings.set('payment_demo', false)
  if (onPostgres) {
    second = await createTestStore({ databaseUrl: store.databaseUrl, now })
  } else {
    const app = await buildApp({ ...store.app.deps, backgroundJobs: false })
    await app.ready()
    second = { app, close: () => app.close() }
  }
  product = await insertProduct(store, { name: 'Apostila de Frações', priceCents: 1990 })
  admin = (await adminSession(store.app)).cookie
})
afterAll(async () => {
  await second?.close()
  await env?.close()
})

const db = () => store.database.db

async function saveSetting(key: string, value: string, cookie = admin) {
  return call(store, 'POST', '/api/admin/settings', { key, value }, { cookie })
}

async function setting(key: string, value: string) {
  expect((await saveSetting(key, value)).statusCode).toBe(200)
  // The other instance caches settings for 5 s: it must see the change now.
  await second.app.services.settings.set(key as SettingKey, readSetting(key as SettingKey, value))
}

/** Orders each test placed: cancelled before the next test, so each counts only its own. */
const placed: string[] = []
beforeEach(async () => {
  skew = 0
  for (const id of placed.splice(0)) await store.app.services.orders.cancelPending(id)
})

async function pendingOrder() {
  skew = 0
  const answer = await guestCheckout(store, newCartSession(), [{ productId: product.id }], {
    email: `ana.${Math.random().toString(36).slice(2)}@exemplo.com`,
    whatsapp: '(11) 98765-4321',
  })
  placed.push(answer.order.id)
  expect(answer.pixPaymentData?.provider).toBe('static')
  return answer.order.id
}

const remindersOf = (orderId: string) =>
  db()
    .select()
    .from(recoveryReminders)
    .where(eq(recoveryReminders.orderId, orderId))
    .orderBy(recoveryReminders.step)

const messagesOf = (orderId: string) =>
  db()
    .select()
    .from(messageOutbox)
    .where(like(messageOutbox.dedupeKey, `order:${orderId}:reminder%`))
    .orderBy(messageOutbox.dedupeKey)

async function runAt(ms: number, app: App = store.app) {
  skew = ms
  return app.services.recovery.runDue()
}

describe('recovery of unpaid PIX', () => {
  it('is off by default: nothing is sent however long the PIX waits', async () => {
    const list = (
      await call(store, 'GET', '/api/admin/settings', undefined, { cookie: admin })
    ).json<{ key: string; value: string }[]>()
    const value = (key: string) => list.find((s) => s.key === key)?.value
    expect([
      value('recovery_enabled'),
      value('recovery_first_minutes'),
      value('recovery_second_hours'),
    ]).toEqual(['false', '30', '20'])
    const id = await pendingOrder()
    expect(await runAt(45 * MINUTE)).toBe(0)
    expect(await remindersOf(id)).toEqual([])
  })

  it('refuses bad settings in Portuguese, and only an admin may change them', async () => {
    const bad = [
      ['recovery_enabled', 'sim', 'Use true (ligado) ou false (desligado)'],
      [
        'recovery_first_minutes',
        '2',
        'Use de 5 a 1380 minutos (23 horas) para o primeiro lembrete',
      ],
      [
        'recovery_first_minutes',
        '-30',
        'Use de 5 a 1380 minutos (23 horas) para o primeiro lembrete',
      ],
      [
        'recovery_first_minutes',
        '30.5',
        'Use de 5 a 1380 minutos (23 horas) para o primeiro lembrete',
      ],
      [
        'recovery_second_hours',
        '0',
        'Use de 1 a 23 horas para o segundo lembrete (o pedido não pago vence em 24 horas)',
      ],
      [
        'recovery_second_hours',
        '48',
        'Use de 1 a 23 horas para o segundo lembrete (o pedido não pago vence em 24 horas)',
      ],
      // 21 h is not before 20 h: the first reminder must come first.
      ['recovery_first_minutes', '1260', 'O primeiro lembrete precisa vir antes do segundo'],
    ] as const
    for (const [key, value, message] of bad) {
      const res = await saveSetting(key, value)
      expect(res.statusCode, `${key}=${value}`).toBe(400)
      expect(res.json()).toEqual({ message })
    }
    const guest = await saveSetting('recovery_enabled', 'true', '')
    expect([401, 403]).toContain(guest.statusCode)
    // The stored text form, as the admin's list shows it.
    const enabled = await store.app.services.settings.get('recovery_enabled')
    expect(settingText('recovery_enabled', enabled)).toBe('false')
    expect((await saveSetting('recovery_first_minutes', ' 30 ')).json()).toMatchObject({
      value: '30',
    })
  })

  it('sends the first reminder after recovery_first_minutes, by e-mail and WhatsApp, with the links, once', async () => {
    await setting('recovery_enabled', 'true')
    const id = await pendingOrder()
    expect(await runAt(29 * MINUTE)).toBe(0)
    expect(await runAt(30 * MINUTE + 1000)).toBe(1)
    expect(await runAt(31 * MINUTE)).toBe(0)
    expect(await runAt(40 * MINUTE, second.app)).toBe(0)
    expect((await remindersOf(id)).map((r) => r.step)).toEqual([1])
    const [buyer, email] = await messagesOf(id)
    expect(buyer!.dedupeKey).toBe(`order:${id}:reminder1:buyer`)
    expect(buyer!.toNumber).toBe('5511987654321')
    expect(email!.dedupeKey).toBe(`order:${id}:reminder1:email`)
    const [optOut] = await db()
      .select()
      .from(recoveryOptOuts)
      .where(eq(recoveryOptOuts.orderId, id))
    expect(optOut!.token.length).toBeGreaterThanOrEqual(32)
    // The e-mail carries the e-mail's access; the WhatsApp, which proves nothing about that
    // e-mail, a payment token for this order only (reminder-access.test.ts).
    expect(email!.body).toMatch(new RegExp(`/checkout\\?order=${id}&acesso=[\\w%-]+`))
    expect(buyer!.body).toMatch(new RegExp(`/checkout\\?order=${id}&pagamento=[\\w%-]+`))
    for (const message of [buyer!, email!]) {
      expect(message.body).toContain(`/lembretes/parar?t=${optOut!.token}`)
    }
    expect(email!.subject).toContain('ainda espera o PIX')
    expect(email!.html).toContain(`/lembretes/parar?t=${optOut!.token}`)
    // The payment links really open (the checkout page posts them, then shows the order).
    const token = decodeURIComponent(/acesso=([\w%-]+)/.exec(email!.body)![1]!)
    const opened = await call(store, 'POST', '/api/guest-access/link', { token })
    expect(opened.statusCode).toBe(200)
    expect(opened.json()).toMatchObject({ email: expect.stringMatching(/^ana\./) })
    const payment = decodeURIComponent(/pagamento=([\w%-]+)/.exec(buyer!.body)![1]!)
    const page = await call(store, 'POST', '/api/guest-access/payment-link', { token: payment })
    expect(page.json()).toEqual({ orderId: id })
  })

  it('sends the second after recovery_second_hours only while the PIX is still payable', async () => {
    await setting('pix_expiry_minutes', '1440')
    const id = await pendingOrder()
    expect(await runAt(30 * MINUTE)).toBeGreaterThanOrEqual(1)
    expect(await runAt(19 * HOUR)).toBe(0)
    expect(await runAt(20 * HOUR)).toBe(1)
    expect(await runAt(21 * HOUR)).toBe(0)
    expect((await remindersOf(id)).map((r) => r.step)).toEqual([1, 2])
    expect((await messagesOf(id)).map((m) => m.dedupeKey)).toContain(`order:${id}:reminder2:email`)
    // Past 24 h the order can no longer be paid: nothing, even for an order never reminded.
    await setting('pix_expiry_minutes', '60')
  })

  it('sends nothing once the PIX expired (60 min: no 20 h reminder)', async () => {
    // The store's own key lasts 24 h by default (the owner confirms by hand); an hour here.
    await setting('pix_static_expiry_minutes', '60')
    const id = await pendingOrder()
    expect(await runAt(61 * MINUTE)).toBe(0)
    expect(await runAt(20 * HOUR)).toBe(0)
    expect(await remindersOf(id)).toEqual([])
    await setting('pix_static_expiry_minutes', '1440')
  })

  it('sends nothing after the order was paid or cancelled', async () => {
    const paid = await pendingOrder()
    expect(await store.app.services.orders.markOrderPaid(paid, 'admin')).toBe(true)
    const cancelled = await pendingOrder()
    expect(await store.app.services.orders.cancelPending(cancelled)).toBe(true)
    expect(await runAt(35 * MINUTE)).toBe(0)
    expect(await remindersOf(paid)).toEqual([])
    expect(await remindersOf(cancelled)).toEqual([])
    expect(await messagesOf(paid)).toEqual([])
  })

  it('writes to the e-mail alone when the store has no WhatsApp gateway', async () => {
    await setting('evolution_api_url', '')
    const id = await pendingOrder()
    expect(await runAt(31 * MINUTE)).toBe(1)
    expect((await messagesOf(id)).map((m) => m.channel)).toEqual(['email'])
    await setting('evolution_api_url', env.fake.url)
  })

  it('stops the reminders of an order with one tap of its opt-out link, in Portuguese', async () => {
    await setting('pix_expiry_minutes', '1440')
    const id = await pendingOrder()
    expect(await runAt(31 * MINUTE)).toBe(1)
    const [row] = await db().select().from(recoveryOptOuts).where(eq(recoveryOptOuts.orderId, id))
    const res = await call(store, 'GET', `/lembretes/parar?t=${row!.token}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('sem mais lembretes')
    // A second tap is the same answer; a made-up or truncated token changes nothing.
    expect((await call(store, 'GET', `/lembretes/parar?t=${row!.token}`)).statusCode).toBe(200)
    for (const t of ['', 'inventado', row!.token.slice(0, 10), `${row!.token}x`]) {
      const other = await call(store, 'GET', `/lembretes/parar?t=${encodeURIComponent(t)}`)
      expect(other.statusCode).toBe(404)
      expect(other.body).toContain('Link inválido')
    }
    expect(await runAt(20 * HOUR)).toBe(0)
    expect((await remindersOf(id)).map((r) => r.step)).toEqual([1])
    await setting('pix_expiry_minutes', '60')
  })

  it('two instances ticking at once send each reminder once', async () => {
    const ids = await Promise.all([1, 2, 3, 4].map(() => pendingOrder()))
    skew = 32 * MINUTE
    const counts = await Promise.all([
      store.app.services.recovery.runDue(),
      second.app.services.recovery.runDue(),
      store.app.services.recovery.runDue(),
      second.app.services.recovery.runDue(),
    ])
    expect(counts.reduce((a, b) => a + b, 0)).toBe(ids.length)
    for (const id of ids) {
      expect((await remindersOf(id)).map((r) => r.step)).toEqual([1])
      expect((await messagesOf(id)).length).toBe(2)
    }
  })

  it('reports orders reminded, those paid after a reminder and that revenue, to the admin only', async () => {
    const id = await pendingOrder()
    expect(await runAt(31 * MINUTE)).toBe(1)
    expect(await store.app.services.orders.markOrderPaid(id, 'admin')).toBe(true)
    const reminded = await db()
      .selectDistinct({ id: recoveryReminders.orderId })
      .from(recoveryReminders)
    const sent = await db().select().from(recoveryReminders)
    const res = await call(store, 'GET', '/api/admin/recovery', undefined, { cookie: admin })
    expect(res.statusCode).toBe(200)
    expect(res.json<RecoveryReport>()).toEqual({
      reminded: reminded.length,
      reminders: sent.length,
      paidAfter: 1,
      revenue: '19.90',
      optedOut: 1,
      // No checkout left half-way in this file (abandoned.test.ts counts those).
      abandonedEmailed: 0,
      abandonedRecovered: 0,
      abandonedRevenue: '0.00',
    })
    const [order] = await db().select().from(orders).where(eq(orders.id, id))
    expect(order!.status).toBe('paid')
    expect([401, 403]).toContain((await call(store, 'GET', '/api/admin/recovery')).statusCode)
  })
})
