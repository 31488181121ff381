import { like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderStatusAnswer } from '../../../contracts/checkout.js'
import { cookieFrom, newIp } from '../../testing/auth.js'
import { call, guestCheckout, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createWhatsappStore } from '../../testing/messaging.js'
import type { TestStore } from '../../testing/test-app.js'
import { messageOutbox } from '../messaging/messaging.tables.js'

/**
 * An attacker places an unpaid order with the victim's e-mail and the
 * attacker's WhatsApp. The PIX reminder sent to that WhatsApp must open that order's payment
 * page only, never the e-mail's purchases, downloads or refund requests.
 */
const MINUTE = 60_000
let skew = 0
const now = () => new Date(Date.now() + skew)

let env: Awaited<ReturnType<typeof createWhatsappStore>>
let store: TestStore
let product: { id: number }

beforeAll(async () => {
  env = await createWhatsappStore({ now, backgroundJobs: false })
  store = env.store
  const { settings } = store.app.services
  await settings.set('pix_key', 'loja@exemplo.com.br')
  await settings.set('pix_recipient_name', 'Loja da Professora')
  await settings.set('pix_city', 'Sao Paulo')
  await settings.set('payment_demo', false)
  await settings.set('recovery_enabled', true)
  product = await insertProduct(store, { name: 'Apostila de Frações', priceCents: 1990 })
})
afterAll(() => env.close())

const victimEmail = 'vitima@exemplo.com'
const victimWhatsapp = '(11) 98765-4321'
const attackerWhatsapp = '(21) 97777-1234'

/** A reminder's link to the checkout page, and the secret it carries. */
async function reminderLink(orderId: string, channel: 'buyer' | 'email') {
  const rows = await store.database.db
    .select()
    .from(messageOutbox)
    .where(like(messageOutbox.dedupeKey, `order:${orderId}:reminder1:${channel}`))
  const url = /https?:\/\/\S+\/checkout\?[^\s"<]+/.exec(rows[0]?.body ?? '')?.[0]
  if (!url) throw new Error(`no checkout link in the ${channel} reminder`)
  const params = new URL(url.replaceAll('&amp;', '&')).searchParams
  expect(params.get('order')).toBe(orderId)
  const [, token] = [...params.entries()].find(([key]) => key !== 'order')!
  return { params, token }
}

async function victimPaidOrder() {
  skew = 0
  const { order } = await guestCheckout(store, newCartSession(), [{ productId: product.id }], {
    email: victimEmail,
    whatsapp: victimWhatsapp,
  })
  await store.app.services.orders.markOrderPaid(order.id, 'admin')
  return order.id
}

async function attackerOrderReminded() {
  skew = 0
  const { order } = await guestCheckout(store, newCartSession(), [{ productId: product.id }], {
    email: victimEmail,
    whatsapp: attackerWhatsapp,
  })
  skew = 45 * MINUTE
  expect(await store.app.services.recovery.runDue()).toBeGreaterThan(0)
  return order.id
}

const post = (url: string, payload: Record<string, unknown>, cookie?: string) =>
  store.app.inject({
    method: 'POST',
    url,
    payload,
    headers: cookie ? { cookie } : {},
    remoteAddress: newIp(),
  })

describe('the PIX reminder sent by WhatsApp', () => {
  it("opens that order's payment page only, not the e-mail's purchases, downloads or refunds", async () => {
    const victimOrder = await victimPaidOrder()
    const attackerOrder = await attackerOrderReminded()
    const { params, token } = await reminderLink(attackerOrder, 'buyer')
    // The WhatsApp link is not the e-mail's access: it opens nothing of the e-mail.
    expect(params.has('acesso')).toBe(false)
    const asEmailAccess = await post('/api/guest-access/link', { token })
    expect(asEmailAccess.statusCode).toBe(403)

    // It opens the order's payment page, on any device.
    const opened = await post('/api/guest-access/payment-link', { token })
    expect(opened.statusCode).toBe(200)
    expect(opened.json()).toEqual({ orderId: attackerOrder })
    const cookie = cookieFrom(opened.headers['set-cookie'])
    const status = await call(store, 'GET', `/api/orders/${attackerOrder}/status`, undefined, {
      cookie,
      session: newCartSession(),
    })
    expect(status.statusCode).toBe(200)
    expect(status.json<OrderStatusAnswer>().pixPaymentData).not.toBeNull()

    // And nothing else: the victim's order, her files, her refund.
    const other = { cookie, session: newCartSession() }
    const victimStatus = await call(
      store,
      'GET',
      `/api/orders/${victimOrder}/status`,
      undefined,
      other,
    )
    expect(victimStatus.statusCode).toBe(404)
    const refund = await call(store, 'POST', `/api/orders/${victimOrder}/refund-request`, {}, other)
    expect(refund.statusCode).toBe(404)
    const download = await post(
      '/api/guest-download?data=0',
      { productId: product.id, email: victimEmail },
      cookie,
    )
    expect(download.statusCode).toBe(400)
    const purchases = await post('/api/guest-access/link', { token }, cookie)
    expect(purchases.statusCode).toBe(403)
  })

  it("the e-mail reminder, sent to the e-mail itself, still opens that e-mail's materials", async () => {
    await victimPaidOrder()
    const attackerOrder = await attackerOrderReminded()
    const { params, token } = await reminderLink(attackerOrder, 'email')
    expect(params.get('acesso')).toBe(token)
    const opened = await post('/api/guest-access/link', { token })
    expect(opened.statusCode).toBe(200)
    expect(opened.json<{ email: string; purchases: unknown[] }>()).toMatchObject({
      email: victimEmail,
      purchases: expect.arrayContaining([expect.objectContaining({ productId: product.id })]),
    })
    // The payment page opens with it too (the e-mail's access covers its orders).
    const cookie = cookieFrom(opened.headers['set-cookie'])
    const status = await call(store, 'GET', `/api/orders/${attackerOrder}/status`, undefined, {
      cookie,
      session: newCartSession(),
    })
    expect(status.statusCode).toBe(200)
  })

  it('a payment token does not open another order, and a made-up one opens nothing', async () => {
    const first = await attackerOrderReminded()
    const { token } = await reminderLink(first, 'buyer')
    const opened = await post('/api/guest-access/payment-link', { token })
    const cookie = cookieFrom(opened.headers['set-cookie'])
    const second = await attackerOrderReminded()
    const status = await call(store, 'GET', `/api/orders/${second}/status`, undefined, {
      cookie,
      session: newCartSession(),
    })
    expect(status.statusCode).toBe(404)
    const forged = await post('/api/guest-access/payment-link', { token: 'x'.repeat(43) })
    expect(forged.statusCode).toBe(403)
    expect(forged.json<{ message: string }>().message).toMatch(/link/)
  })
})
