import { and, eq, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GUEST_CODE_SENT_MESSAGE, type GuestAccessAnswer } from '../../../contracts/guest-access.js'
import { newIp } from '../../testing/auth.js'
import { cookieFrom } from '../../testing/commerce.js'
import { buyAsGuest, fetchLink, type GuestBuyer } from '../../testing/downloads.js'
import { insertProduct } from '../../testing/fixtures.js'
import { startSmtpServer, type FakeSmtp } from '../../testing/smtp.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { accessTokenIssuer } from './guest-access.service.js'
import { guestAccess } from './guest-access.tables.js'

let smtp: FakeSmtp
let store: TestStore
let clockShift = 0
let kit: { id: number }
let buyer: GuestBuyer
const FILE = Buffer.from('%PDF-1.4\n% jogo da memória\n%%EOF\n')

beforeAll(async () => {
  smtp = await startSmtpServer()
  store = await createTestStore({
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://loja.exemplo.com.br' },
    now: () => new Date(Date.now() + clockShift),
  })
  kit = await insertProduct(store, { name: 'Jogo da Memória', fileBytes: FILE })
  buyer = await buyAsGuest(store, kit.id)
})
afterAll(async () => {
  await store.close()
  await smtp.close()
})

/** The e-mails of the requests made so far (written after each answer), sent. */
const deliver = async () => {
  await store.app.services.guestAccess.drain()
  await store.app.services.messaging.worker.runOnce()
}
const post = (url: string, payload: object, opts: { ip?: string; cookie?: string } = {}) =>
  store.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: opts.ip ?? newIp(),
    ...(opts.cookie ? { headers: { cookie: opts.cookie } } : {}),
  })
const askCode = (email: string, ip?: string) => post('/api/guest-access/code', { email }, { ip })
const verify = (email: string, code: string, ip?: string) =>
  post('/api/guest-access/verify', { email, code }, { ip })
const codeMails = (email: string) =>
  smtp.mails.filter((m) => m.to && 'text' in m.to && m.to.text === email)

/** The code of the newest code e-mail to `email` (codes are asked for one at a time). */
async function codeFor(email: string): Promise<string> {
  await deliver()
  // The buyer's order e-mails go out in the same pass, in any order: the newest code's.
  const codes = codeMails(email).flatMap((m) => {
    const found = /Seu código de acesso: (\d{6})/.exec(m.subject ?? '')
    return found ? [found[1]!] : []
  })
  const code = codes.at(-1)
  if (!code) throw new Error(`no code e-mailed to ${email}`)
  return code
}

/** Another buyer (e-mail limits are 3 per 15 minutes: each test starts fresh). */
const newBuyer = () =>
  buyAsGuest(store, kit.id, { email: `b.${Math.random().toString(36).slice(2, 9)}@exemplo.com` })

describe('access by a code sent by e-mail', () => {
  it('answers a known and an unknown e-mail alike; only the buyer’s inbox gets a code', async () => {
    const known = await askCode(buyer.email.toUpperCase())
    const unknown = await askCode('ninguem.comprou@exemplo.com')
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200])
    expect(known.body).toBe(unknown.body)
    expect(known.json()).toEqual({ success: true, message: GUEST_CODE_SENT_MESSAGE })
    await deliver()
    expect(codeMails('ninguem.comprou@exemplo.com')).toEqual([])
    const [mail, ...others] = codeMails(buyer.email).filter((m) => /código/.test(m.subject!))
    expect(others).toEqual([])
    expect(mail!.text).toContain('vale por 15 minutos')
  })

  it('the code opens the materials and downloads without the WhatsApp, in that browser only', async () => {
    const someone = await newBuyer()
    await askCode(someone.email)
    const res = await verify(someone.email, await codeFor(someone.email))
    expect(res.statusCode).toBe(200)
    const answer = res.json<GuestAccessAnswer>()
    expect(answer).toMatchObject({ success: true, email: someone.email })
    expect(answer.purchases.map((p) => p.productId)).toEqual([kit.id])
    expect(answer.orders.map((o) => o.id)).toEqual([someone.orderId])
    const cookie = cookieFrom(res)
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i)

    const download = (email: string, withCookie?: string) =>
      post('/api/guest-download?data=0', { productId: kit.id, email }, { cookie: withCookie })
    const granted = await download(someone.email, cookie)
    expect(granted.statusCode).toBe(200)
    const file = await fetchLink(store, granted.json().downloadUrl)
    expect(file.rawPayload.equals(FILE)).toBe(true)
    // Without the access, or for another e-mail, the WhatsApp is still asked for.
    expect((await download(someone.email)).statusCode).toBe(400)
    const other = await download(buyer.email, cookie)
    expect(other.statusCode).toBe(400)
    expect(other.json().message).toBe('Por favor, preencha email e WhatsApp.')
  })

  it('a code works once; a new one replaces the old', async () => {
    const someone = await newBuyer()
    await askCode(someone.email)
    const first = await codeFor(someone.email)
    await askCode(someone.email)
    const second = await codeFor(someone.email)
    if (first !== second) expect((await verify(someone.email, first)).statusCode).toBe(400)
    expect((await verify(someone.email, second)).statusCode).toBe(200)
    const again = await verify(someone.email, second)
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe('Código expirado ou já usado. Peça um novo código.')
  })

  it('five wrong tries end the code, even the right one after them', async () => {
    const someone = await newBuyer()
    await askCode(someone.email)
    const code = await codeFor(someone.email)
    const wrong = code === '000000' ? '111111' : '000000'
    const messages: string[] = []
    // At once: the count lives in the row, so simultaneous tries cannot pass five.
    const tries = await Promise.all(Array.from({ length: 7 }, () => verify(someone.email, wrong)))
    for (const t of tries) {
      expect(t.statusCode).toBe(400)
      messages.push(t.json().message)
    }
    expect(messages).toContain('Código incorreto. Resta 1 tentativa.')
    // Four tries left something; every other one was told the tries are over.
    expect(messages.filter((m) => /Resta/.test(m))).toHaveLength(4)
    expect(messages).toContain('Código incorreto. As tentativas acabaram: peça um novo código.')
    const right = await verify(someone.email, code)
    expect(right.statusCode).toBe(400)
    expect(right.json().message).toBe('Código expirado ou já usado. Peça um novo código.')
  })

  it('compares no more than 5 codes when 30 guesses arrive at once', async () => {
    const someone = await newBuyer()
    await askCode(someone.email)
    const code = await codeFor(someone.email)
    const guesses = Array.from({ length: 30 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    )
    const answers = await Promise.all(guesses.map((guess) => verify(someone.email, guess)))
    // Each answer that says 'incorreto' is a code compared: a try spent, never more than 5.
    const compared = answers.filter((a) => /incorreto/.test(a.json<{ message: string }>().message))
    expect(compared.length).toBeLessThanOrEqual(5)
    expect((await verify(someone.email, code)).statusCode).toBe(400)
  })

  it('expires after 15 minutes', async () => {
    const someone = await newBuyer()
    await askCode(someone.email)
    const code = await codeFor(someone.email)
    clockShift = 16 * 60 * 1000
    try {
      const late = await verify(someone.email, code)
      expect(late.statusCode).toBe(400)
      expect(late.json().message).toMatch(/expirado/)
    } finally {
      clockShift = 0
    }
  })

  it('limits requests per inbox and per machine, with a Portuguese message', async () => {
    const someone = await newBuyer()
    const answers = []
    for (let i = 0; i < 4; i++) answers.push((await askCode(someone.email)).statusCode)
    expect(answers).toEqual([200, 200, 200, 429])
    const ip = newIp()
    const fromOne = []
    for (let i = 0; i < 11; i++) fromOne.push(await askCode(`x${i}@exemplo.com`, ip))
    expect(fromOne.slice(0, 10).every((r) => r.statusCode === 200)).toBe(true)
    expect(fromOne[10]!.statusCode).toBe(429)
    expect(fromOne[10]!.json().message).toMatch(/tentativas/i)
  })

  it('refuses malformed input with a Portuguese message', async () => {
    const badEmail = await askCode('não-é-email')
    expect(badEmail.statusCode).toBe(400)
    expect(badEmail.json().message).toBe('E-mail inválido.')
    const badCode = await verify(buyer.email, '12ab')
    expect(badCode.statusCode).toBe(400)
    expect(badCode.json().message).toBe('Digite o código de 6 números.')
    // Mail apps group digits: '123 456' is read as '123456'.
    const spaced = await verify(buyer.email, '123 456')
    expect(spaced.json().message).not.toBe('Digite o código de 6 números.')
  })
})

describe('a link followed again and again', () => {
  const accessRows = (where: SQL | undefined) =>
    store.database.db.select().from(guestAccess).where(where)
  const times = (n: number) => Array.from({ length: n }, (_, i) => i)

  it('keeps one access per e-mailed link, however often and however many at once', async () => {
    const someone = await newBuyer()
    const token = await accessTokenIssuer().emailAccess(store.database.db, someone.email)
    const opened = []
    // Each from its own address: the per-address limit is not what bounds this.
    for (let round = 0; round < 3; round++) {
      opened.push(
        ...(await Promise.all(times(50).map(() => post('/api/guest-access/link', { token })))),
      )
    }
    expect(opened.map((r) => r.statusCode)).toEqual(times(150).map(() => 200))
    expect(new Set(opened.map((r) => cookieFrom(r))).size).toBe(1)
    const sessions = await accessRows(
      and(eq(guestAccess.email, someone.email), eq(guestAccess.kind, 'session')),
    )
    expect(sessions).toHaveLength(1)
    // That one access still opens the materials.
    const granted = await post(
      '/api/guest-download?data=0',
      { productId: kit.id, email: someone.email },
      { cookie: cookieFrom(opened.at(-1)!) },
    )
    expect(granted.statusCode).toBe(200)
  })

  it('keeps one access per payment link, to that order’s page only', async () => {
    const someone = await newBuyer()
    const token = await accessTokenIssuer().paymentPage(store.database.db, {
      id: someone.orderId,
      customerEmail: someone.email,
    })
    const opened = await Promise.all(
      times(50).map(() => post('/api/guest-access/payment-link', { token })),
    )
    expect(opened.map((r) => [r.statusCode, r.json().orderId])).toEqual(
      times(50).map(() => [200, someone.orderId]),
    )
    const sessions = await accessRows(
      and(eq(guestAccess.orderId, someone.orderId), eq(guestAccess.kind, 'pay_session')),
    )
    expect(sessions).toHaveLength(1)
  })
})
