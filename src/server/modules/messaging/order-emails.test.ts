import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutAnswer } from '../../../contracts/checkout.js'
import { formatBRL } from '../../../contracts/money.js'
import type { GuestAccessAnswer, GuestSessionAnswer } from '../../../contracts/guest-access.js'
import { adminSession, newIp } from '../../testing/auth.js'
import { writeBuiltClient } from '../../testing/built-client.js'
import {
  call,
  cookieFrom,
  createMercadoPagoStore,
  guestCheckout,
  newCartSession,
} from '../../testing/commerce.js'
import { fetchLink } from '../../testing/downloads.js'
import { insertProduct } from '../../testing/fixtures.js'
import { makeRetriesDue, outboxRow } from '../../testing/messaging.js'
import { startSmtpServer, type FakeSmtp } from '../../testing/smtp.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

const PUBLIC_URL = 'https://loja.exemplo.com.br'
const OWNER = 'dona@loja.exemplo.com.br'
const PDF = Buffer.from('%PDF-1.4\n% caderno de atividades\n%%EOF\n')

let smtp: FakeSmtp
let client: Awaited<ReturnType<typeof writeBuiltClient>>
let store: TestStore
let clockShift = 0
let kit: { id: number }
let canva: { id: number }

beforeAll(async () => {
  smtp = await startSmtpServer()
  client = await writeBuiltClient()
  store = await createTestStore({
    clientDir: client.dir,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Loja <loja@exemplo.com.br>', PUBLIC_URL },
    now: () => new Date(Date.now() + clockShift),
  })
  const { settings } = store.app.services
  // The static PIX: the owner confirms payments by hand.
  await settings.set('pix_key', 'loja@exemplo.com.br')
  await settings.set('store_name', 'Cantinho da Prô')
  await settings.set('whatsapp_number', '5511912345678')
  await settings.set('admin_email', OWNER)
  kit = await insertProduct(store, { name: 'Caderno de Atividades', fileBytes: PDF })
  canva = await insertProduct(store, {
    name: 'Planner Editável',
    canvaTemplateId: 'https://www.canva.com/design/DAF123/view',
  })
})
afterAll(async () => {
  await store.close()
  await smtp.close()
  await client.remove()
})

const deliver = () => store.app.services.messaging.worker.runOnce()
const to = (address: string) =>
  smtp.mails.filter((m) => m.to && 'text' in m.to && m.to.text === address)
const about = (address: string, words: RegExp) => to(address).filter((m) => words.test(m.subject!))
const buyerEmail = () => `prof.${Math.random().toString(36).slice(2, 8)}@exemplo.com`

/** The addresses of the e-mail's links (href), absolute as the mail app shows them. */
const hrefs = (mail: ParsedMail) =>
  [...String(mail.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'))

/** The access token of the e-mail's first link to `path`. */
function accessToken(mail: ParsedMail, path: string): string {
  const link = hrefs(mail).find((h) => h.startsWith(`${PUBLIC_URL}${path}`))
  if (!link) throw new Error(`no ${path} link in "${mail.subject}"`)
  const token = new URL(link).searchParams.get('acesso')
  if (!token) throw new Error(`no access token in ${link}`)
  return token
}

/** What the buyer's browser does with the e-mail's link: opens the access, keeps the cookie. */
async function openAccess(token: string) {
  const res = await store.app.inject({
    method: 'POST',
    url: '/api/guest-access/link',
    payload: { token },
    remoteAddress: newIp(),
  })
  return { res, cookie: cookieFrom(res) }
}

/** A guest download with the browser's access instead of the WhatsApp. */
const downloadWithAccess = (cookie: string, email: string, productId: number) =>
  store.app.inject({
    method: 'POST',
    url: '/api/guest-download?data=0',
    payload: { productId, email },
    headers: { cookie },
    remoteAddress: newIp(),
  })

async function placeOrder(productIds: number[]) {
  const email = buyerEmail()
  const session = newCartSession()
  const answer: CheckoutAnswer = await guestCheckout(
    store,
    session,
    productIds.map((productId) => ({ productId })),
    { email, firstName: 'Joana', lastName: 'Prado' },
  )
  return {
    email,
    session,
    order: answer.order,
    pixCode: answer.pixData!.qr_code,
    expiresAt: answer.pixPaymentData!.expiresAt,
  }
}

async function setStatus(orderId: string, status: string) {
  const { cookie } = await adminSession(store.app)
  const res = await call(
    store,
    'PUT',
    `/api/admin/orders/${orderId}/status`,
    // A refund of the store's own PIX is the owner's word that the money went back.
    status === 'refunded' ? { status, moneyReturned: true } : { status },
    { cookie },
  )
  expect(res.statusCode).toBe(200)
}

describe('the order e-mails', () => {
  it('a new PIX order: the buyer gets the code and the way back to pay; the owner a copy', async () => {
    const { email, order, pixCode, expiresAt } = await placeOrder([kit.id])
    await deliver()
    const [mail, ...more] = to(email)
    expect(more).toEqual([])
    expect(mail!.subject).toBe(
      `Pedido #${order.id.slice(0, 8)} recebido: pague ${formatBRL(1990)} com PIX`,
    )
    expect(mail!.from?.text).toContain('loja@exemplo.com.br')
    expect(mail!.text).toContain(pixCode)
    expect(mail!.text).toContain('Caderno de Atividades')
    // The static PIX: the owner checks the bank, and the buyer may send the receipt.
    expect(mail!.text).toContain('confere os pagamentos PIX no extrato')
    expect(mail!.text).toContain('https://wa.me/5511912345678')
    // The WhatsApp is a link to tap, and the buyer is told until when the code may be paid.
    expect(hrefs(mail!)).toContain('https://wa.me/5511912345678')
    const until = new Intl.DateTimeFormat('pt-BR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'America/Sao_Paulo',
    }).format(new Date(expiresAt!))
    expect(mail!.text).toContain(`O código PIX vale até ${until} (horário de Brasília).`)
    expect(mail!.html).toContain('Cantinho da Prô')
    expect(mail!.html).toContain('lang="pt-BR"')

    // The payment page on another device: no cart session, only the e-mail's access.
    const link = hrefs(mail!).find((h) => h.includes('/checkout?order='))!
    expect(new URL(link).searchParams.get('order')).toBe(order.id)
    const stranger = await call(store, 'GET', `/api/orders/${order.id}/status`)
    expect(stranger.statusCode).toBe(404)
    const { res, cookie } = await openAccess(accessToken(mail!, '/checkout'))
    expect(res.statusCode).toBe(200)
    const status = await call(store, 'GET', `/api/orders/${order.id}/status`, undefined, {
      cookie,
    })
    expect(status.statusCode).toBe(200)
    expect(status.json()).toMatchObject({ status: 'pending' })

    const [copy, ...otherCopies] = about(OWNER, new RegExp(order.id.slice(0, 8)))
    expect(otherCopies).toEqual([])
    expect(copy!.subject).toBe(`Novo pedido #${order.id.slice(0, 8)}: ${formatBRL(1990)}`)
    expect(copy!.text).toContain(email)
  })

  it('paid: each material with its way in, the downloads, the Canva template; the link delivers the file', async () => {
    const { email, order } = await placeOrder([kit.id, canva.id])
    await setStatus(order.id, 'paid')
    await deliver()
    const [paid, ...again] = about(email, /Pagamento confirmado/)
    expect(again).toEqual([])
    expect(paid!.subject).toBe(
      `Pagamento confirmado: seus materiais do pedido #${order.id.slice(0, 8)}`,
    )
    expect(paid!.text).toContain('Caderno de Atividades')
    expect(paid!.text).toContain('3 downloads incluídos')
    // The template opens through the store, which checks the access; Canva's address stays out.
    expect(String(paid!.html) + paid!.text).not.toContain('canva.com')
    const canvaButton = hrefs(paid!).find((h) => h.startsWith(`${PUBLIC_URL}/canva/`))!
    const followed = await store.app.inject({
      method: 'GET',
      url: canvaButton.slice(PUBLIC_URL.length),
    })
    expect(followed.statusCode).toBe(303)
    expect(followed.headers.location).toBe('https://www.canva.com/design/DAF123/view')
    // Without the e-mail's access, the same address gives nothing away.
    const bare = await store.app.inject({ method: 'GET', url: new URL(canvaButton).pathname })
    expect(bare.headers.location).toBe('/meus-materiais')
    expect(paid!.text).toContain('https://wa.me/5511912345678')
    expect(hrefs(paid!)).toContain('https://wa.me/5511912345678')
    expect(paid!.text).toContain(`Total pago: ${formatBRL(3980)}`)
    expect(paid!.html).toContain(`Total pago: ${formatBRL(3980)}`)
    // The terms kept with the order read as the page does: headings and a list, no marks.
    expect(paid!.html).toContain('Termos aceitos nesta compra')
    expect(paid!.html).toMatch(/<p style="[^"]*font-weight:bold[^"]*">3\. Downloads<\/p>/)
    expect(paid!.html).toMatch(/<li[^>]*>Cada compra dá direito a 3 downloads/)
    expect(paid!.html).not.toMatch(/(^|>|\n)\s*[#-] /m)
    expect(paid!.text).toContain('3. DOWNLOADS')
    expect(paid!.text).toContain('• Cada compra dá direito a 3 downloads')
    expect(paid!.text).not.toMatch(/^[#-] /m)
    expect(about(OWNER, /Pagamento confirmado #/).map((m) => m.subject)).toContain(
      `Pagamento confirmado #${order.id.slice(0, 8)}: ${formatBRL(3980)}`,
    )

    // Following the button: the materials page, already looked up, and the file itself.
    const token = accessToken(paid!, '/meus-materiais')
    const page = await fetchLink(store, `/meus-materiais?acesso=${token}`)
    expect(page.statusCode).toBe(200)
    const { res, cookie } = await openAccess(token)
    expect(res.statusCode).toBe(200)
    const answer = res.json<GuestAccessAnswer>()
    expect(answer).toMatchObject({ success: true, email })
    expect(answer.purchases.map((p) => p.productId).sort()).toEqual([kit.id, canva.id].sort())
    // Back on 'Meus materiais' without the link: the browser's access still knows her.
    const remembered = await call(store, 'GET', '/api/guest-access/session', undefined, { cookie })
    expect(remembered.statusCode).toBe(200)
    expect(remembered.json<GuestSessionAnswer>().access).toMatchObject({ email })
    expect(
      remembered
        .json<GuestSessionAnswer>()
        .access!.purchases.map((p) => p.productId)
        .sort(),
    ).toEqual([kit.id, canva.id].sort())
    const stranger = await call(store, 'GET', '/api/guest-access/session')
    expect(stranger.json<GuestSessionAnswer>()).toEqual({ access: null })
    const download = await downloadWithAccess(cookie, email, kit.id)
    expect(download.statusCode).toBe(200)
    const file = await fetchLink(store, download.json().downloadUrl)
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.equals(PDF)).toBe(true)
    // The Canva template opens from the page the same way, with no WhatsApp typed.
    const [template] = answer.canvaLinks
    const opened = await store.app.inject({
      method: 'POST',
      url: `/api/canva-links/${template!.id}/open`,
      payload: { email },
      headers: { cookie },
      remoteAddress: newIp(),
    })
    expect(opened.statusCode).toBe(200)
    expect(opened.json().linkUrl).toBe('https://www.canva.com/design/DAF123/view')
  })

  it('refunded: the buyer is told, and the e-mailed link no longer delivers', async () => {
    const { email, order } = await placeOrder([kit.id])
    await setStatus(order.id, 'paid')
    await deliver()
    const token = accessToken(about(email, /Pagamento confirmado/)[0]!, '/meus-materiais')
    await setStatus(order.id, 'refunded')
    await deliver()
    const [refund, ...again] = about(email, /reembolsado/)
    expect(again).toEqual([])
    expect(refund!.subject).toBe(`Pedido #${order.id.slice(0, 8)} reembolsado`)
    expect(refund!.text).toContain('O acesso aos materiais abaixo foi encerrado')
    const { res, cookie } = await openAccess(token)
    expect(res.json<GuestAccessAnswer>().purchases).toEqual([])
    const download = await downloadWithAccess(cookie, email, kit.id)
    expect(download.statusCode).toBe(403)
  })

  it('cancelled before paying: the buyer is told not to pay that PIX', async () => {
    const { email, order } = await placeOrder([kit.id])
    await setStatus(order.id, 'cancelled')
    await deliver()
    const [cancelled] = about(email, /cancelado/)
    expect(cancelled!.subject).toBe(`Pedido #${order.id.slice(0, 8)} cancelado`)
    expect(cancelled!.text).toContain('não deve mais ser pago')
  })

  it('pending orders past their day are cancelled with the same e-mail, once', async () => {
    const { email, order } = await placeOrder([kit.id])
    const { orders } = store.app.services
    const dayLater = Date.now() + 25 * 60 * 60 * 1000
    expect(await orders.cancelStale(dayLater)).toBeGreaterThanOrEqual(1)
    expect(await orders.cancelStale(dayLater)).toBe(0)
    await deliver()
    expect(about(email, /cancelado/).map((m) => m.subject)).toEqual([
      `Pedido #${order.id.slice(0, 8)} cancelado`,
    ])
  })

  it('the access link works for 30 days, then says so in Portuguese', async () => {
    const { email, order } = await placeOrder([kit.id])
    await setStatus(order.id, 'paid')
    await deliver()
    const token = accessToken(about(email, /Pagamento confirmado/)[0]!, '/meus-materiais')
    clockShift = 29 * 24 * 60 * 60 * 1000
    expect((await openAccess(token)).res.statusCode).toBe(200)
    clockShift = 31 * 24 * 60 * 60 * 1000
    try {
      const late = await openAccess(token)
      expect(late.res.statusCode).toBe(403)
      expect(late.res.json().message).toMatch(/expirou ou não é válido/)
      const forged = await openAccess(`${token.slice(0, -2)}xx`)
      expect(forged.res.statusCode).toBe(403)
    } finally {
      clockShift = 0
    }
  })

  it('SMTP down: the order goes on, and the e-mail goes out once when it is back', async () => {
    await smtp.stop()
    let placed
    try {
      placed = await placeOrder([kit.id])
      await setStatus(placed.order.id, 'paid')
      await deliver()
      const row = await outboxRow(store, `order:${placed.order.id}:paid:email`)
      expect(row).toMatchObject({ status: 'pending', attempts: 1 })
      expect(row!.lastError).toBeTruthy()
      expect(to(placed.email)).toEqual([])
    } finally {
      await smtp.start()
    }
    await makeRetriesDue(store)
    await deliver()
    await makeRetriesDue(store)
    await deliver()
    expect(about(placed.email, /Pagamento confirmado/)).toHaveLength(1)
    expect(about(placed.email, /recebido/)).toHaveLength(1)
    expect((await store.app.services.orders.find(placed.order.id))?.status).toBe('paid')
  })
})

describe('a provider that makes the PIX remotely (Mercado Pago)', () => {
  let mp: Awaited<ReturnType<typeof createMercadoPagoStore>>
  beforeAll(async () => {
    mp = await createMercadoPagoStore()
  })
  afterAll(() => mp.close())

  it('writes the buyer’s e-mail once the code exists, and says confirmation is automatic', async () => {
    const email = buyerEmail()
    const product = await insertProduct(mp.store, { name: 'Jogo da Memória' })
    const { order, pixData } = await guestCheckout(
      mp.store,
      newCartSession(),
      [{ productId: product.id }],
      { email },
    )
    const row = await outboxRow(mp.store, `order:${order.id}:created:email`)
    expect(row).toMatchObject({ channel: 'email', toNumber: email, status: 'pending' })
    expect(row!.body).toContain(pixData!.qr_code)
    expect(row!.body).toContain('A confirmação é automática')
    expect(row!.body).toContain(`https://loja.test/checkout?order=${order.id}`)
  })
})
