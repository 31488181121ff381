import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminAnalytics, AdminOrder } from '../../../contracts/admin.js'
import type { OrderStatusAnswer } from '../../../contracts/checkout.js'
import { adminSession, newIp } from '../../testing/auth.js'
import { call, guestCheckout, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { startSmtpServer, type FakeSmtp } from '../../testing/smtp.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

/**
 * The buyer's 'Já paguei' on a PIX to the store's own key, the owner's
 * alert, the expiry that leaves such an order alone, the owner's confirmation, and a refund
 * under the store's own key that is 'to_send' until the owner ticks it as sent.
 */
const OWNER = 'dona@loja.exemplo.com.br'
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const PDF = Buffer.from('%PDF-1.4\n% atividades\n%%EOF\n')

let smtp: FakeSmtp
let store: TestStore
let admin: string
let kit: { id: number }

beforeAll(async () => {
  smtp = await startSmtpServer()
  store = await createTestStore({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Loja <loja@exemplo.com.br>' },
  })
  const { settings } = store.app.services
  await settings.set('pix_key', 'loja@exemplo.com.br')
  await settings.set('admin_email', OWNER)
  kit = await insertProduct(store, { name: 'Caderno de Atividades', fileBytes: PDF })
  admin = (await adminSession(store.app)).cookie
})
afterAll(async () => {
  await store.close()
  await smtp.close()
})

const deliver = () => store.app.services.messaging.worker.runOnce()
const mailsTo = (address: string, subject: RegExp) =>
  smtp.mails.filter(
    (m) => m.to && 'text' in m.to && m.to.text === address && subject.test(m.subject!),
  )

async function placeOrder() {
  const email = `prof.${Math.random().toString(36).slice(2, 8)}@exemplo.com`
  const session = newCartSession()
  const answer = await guestCheckout(store, session, [{ productId: kit.id }], { email })
  return { email, session, id: answer.order.id, answer }
}

/** 'Já paguei' from its own address (the limit counts per machine). */
const claim = (id: string, session: string, ip = newIp()) =>
  store.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/paid-claim`,
    headers: { 'x-session-id': session },
    remoteAddress: ip,
  })

const status = async (id: string, session: string) =>
  (
    await call(store, 'GET', `/api/orders/${id}/status`, undefined, { session })
  ).json<OrderStatusAnswer>()

async function adminOrder(id: string): Promise<AdminOrder> {
  const res = await call(store, 'GET', '/api/admin/orders', undefined, { cookie: admin })
  return res.json<AdminOrder[]>().find((o) => o.id === id)!
}

const markPaid = (id: string) =>
  call(store, 'PUT', `/api/admin/orders/${id}/status`, { status: 'paid' }, { cookie: admin })

describe("'Já paguei' (POST /api/orders/:id/paid-claim)", () => {
  it('gives an order under the store’s own key 24 hours by default', async () => {
    const before = Date.now()
    const { answer } = await placeOrder()
    const expiresAt = Date.parse(answer.pixPaymentData!.expiresAt!)
    expect(expiresAt).toBeGreaterThanOrEqual(before + DAY - 1000)
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + DAY + 1000)
  })

  it('marks the owner’s order as awaiting confirmation, alerts the owner once, and refuses a stranger', async () => {
    const { id, session, answer } = await placeOrder()
    expect((await status(id, session)).canClaimPayment).toBe(true)

    const stranger = await claim(id, newCartSession())
    expect(stranger.statusCode).toBe(404)
    expect(stranger.json()).toEqual({ message: 'Pedido não encontrado' })

    const res = await claim(id, session)
    expect(res.statusCode).toBe(200)
    const body = res.json<OrderStatusAnswer>()
    expect(body).toMatchObject({ status: 'pending', awaitingConfirmation: true })
    // The page may be reloaded: the QR is still there while the shop checks.
    expect(body.pixPaymentData?.qrCode).toBe(answer.pixPaymentData!.qrCode)
    // Idempotent: the same answer, and no second alert.
    expect((await claim(id, session)).json<OrderStatusAnswer>().awaitingConfirmation).toBe(true)

    const listed = await adminOrder(id)
    expect(listed).toMatchObject({ status: 'awaiting_confirmation', awaitingConfirmation: true })
    const overview = await call(store, 'GET', '/api/admin/analytics', undefined, { cookie: admin })
    expect(overview.json<AdminAnalytics>().awaitingConfirmation).toBeGreaterThanOrEqual(1)

    await deliver()
    const short = id.slice(0, 8)
    const alerts = mailsTo(OWNER, new RegExp(`Confirme o pagamento #?${short}`))
    expect(alerts).toHaveLength(1)
    expect(alerts[0]!.text).toMatch(/avisou que já pagou/)
    // A new order alerts the owner too.
    expect(mailsTo(OWNER, new RegExp(`Novo pedido #?${short}`))).toHaveLength(1)
  })

  it('survives the PIX expiry, and the owner confirms it', async () => {
    const { id, session } = await placeOrder()
    expect((await claim(id, session)).statusCode).toBe(200)
    // Two days later: past the PIX and past the 24 h of any pending order.
    await store.app.services.orders.cancelStale(Date.now() + 2 * DAY)
    expect((await adminOrder(id)).status).toBe('awaiting_confirmation')

    const res = await markPaid(id)
    expect(res.statusCode).toBe(200)
    expect(res.json<AdminOrder>()).toMatchObject({ status: 'paid', awaitingConfirmation: false })
    expect((await status(id, session)).status).toBe('confirmed')
  })

  it('lets the buyer of an expired order say she paid, and the owner confirm it', async () => {
    const { id, session } = await placeOrder()
    await store.app.services.orders.cancelStale(Date.now() + 2 * DAY, id)
    const expired = await status(id, session)
    expect(expired).toMatchObject({ status: 'cancelled', canClaimPayment: true })

    const res = await claim(id, session)
    expect(res.statusCode).toBe(200)
    expect(res.json<OrderStatusAnswer>()).toMatchObject({ awaitingConfirmation: true })
    expect((await adminOrder(id)).status).toBe('awaiting_confirmation')
    expect((await markPaid(id)).statusCode).toBe(200)
    expect((await adminOrder(id)).status).toBe('paid')
  })

  it('lets the owner confirm an expired order nobody claimed', async () => {
    const { id } = await placeOrder()
    await store.app.services.orders.cancelStale(Date.now() + 2 * DAY, id)
    // The list offers 'Confirmar pagamento' from the server's own rule, then no more.
    expect(await adminOrder(id)).toMatchObject({
      status: 'cancelled',
      closedReason: 'expired',
      confirmable: true,
    })
    expect((await markPaid(id)).statusCode).toBe(200)
    expect(await adminOrder(id)).toMatchObject({ status: 'paid', confirmable: false })
  })

  it('refuses an order the owner cancelled (409), and a paid one answers as is', async () => {
    const { id, session } = await placeOrder()
    const cancel = await call(
      store,
      'PUT',
      `/api/admin/orders/${id}/status`,
      { status: 'cancelled' },
      { cookie: admin },
    )
    expect(cancel.statusCode).toBe(200)
    const res = await claim(id, session)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/cancelado/)
    expect((await status(id, session)).canClaimPayment).toBe(false)
    // Cancelled by the owner, not by its PIX running out: no longer to be confirmed.
    expect((await adminOrder(id)).confirmable).toBe(false)
  })

  it('is rate-limited per machine (429 after 20 in an hour)', async () => {
    const { id, session } = await placeOrder()
    const ip = newIp()
    for (let i = 0; i < 20; i++) expect((await claim(id, session, ip)).statusCode).toBe(200)
    expect((await claim(id, session, ip)).statusCode).toBe(429)
  })
})

describe("'Já paguei' against the expiry job, at the same instant", () => {
  it('ends awaiting the owner, alerted once, whichever runs first (PostgreSQL runs them at once)', async () => {
    const placed = await Promise.all(Array.from({ length: 6 }, () => placeOrder()))
    const late = Date.now() + 2 * DAY
    await Promise.all(
      placed.flatMap(({ id, session }) => [
        claim(id, session),
        store.app.services.orders.cancelStale(late, id),
        claim(id, session),
      ]),
    )
    await deliver()
    for (const { id } of placed) {
      // Claimed first: the expiry leaves it; expired first: the store-key claim takes it back.
      expect((await adminOrder(id)).status).toBe('awaiting_confirmation')
      const short = id.slice(0, 8)
      expect(mailsTo(OWNER, new RegExp(`Confirme o pagamento #?${short}`))).toHaveLength(1)
    }
  })
})

describe('a refund under the store’s own key', () => {
  it('is "to_send" until the owner ticks it as sent, with an e-mail at each step', async () => {
    const { id, session, email } = await placeOrder()
    expect((await markPaid(id)).statusCode).toBe(200)
    // The buyer's request of untouched materials: refunded at once, the money still to send.
    const asked = await call(store, 'POST', `/api/orders/${id}/refund-request`, {}, { session })
    expect(asked.statusCode).toBe(200)
    expect(asked.json()).toMatchObject({ status: 'return_money' })
    expect(asked.json().message).toMatch(/a loja vai devolver/)

    expect(await adminOrder(id)).toMatchObject({ status: 'refunded', refundStatus: 'to_send' })
    const overview = await call(store, 'GET', '/api/admin/analytics', undefined, { cookie: admin })
    expect(overview.json<AdminAnalytics>().refundsToSend).toBeGreaterThanOrEqual(1)
    await deliver()
    const short = id.slice(0, 8)
    const approved = mailsTo(email, new RegExp(`Reembolso do pedido #?${short} aprovado`))
    expect(approved).toHaveLength(1)
    expect(approved[0]!.text).toMatch(/a loja vai devolver/)
    expect(mailsTo(email, /reembolsado/)).toHaveLength(0)
    expect(mailsTo(email, /enviado/)).toHaveLength(0)

    const sent = await call(store, 'POST', `/api/admin/refunds/${id}/money-returned`, undefined, {
      cookie: admin,
    })
    expect(sent.statusCode).toBe(200)
    expect(await adminOrder(id)).toMatchObject({ refundStatus: 'sent' })
    // A second tap changes nothing and sends nothing.
    const again = await call(store, 'POST', `/api/admin/refunds/${id}/money-returned`, undefined, {
      cookie: admin,
    })
    expect(again.statusCode).toBe(409)
    await deliver()
    expect(mailsTo(email, new RegExp(`Reembolso do pedido #?${short} enviado`))).toHaveLength(1)
  })
})
