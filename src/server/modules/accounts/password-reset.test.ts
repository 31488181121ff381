import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORGOT_PASSWORD_MESSAGE } from '../../../contracts/accounts.js'
import { customerSession, login, newIp, whoAmI } from '../../testing/auth.js'
import { makeRetriesDue, outboxRows } from '../../testing/messaging.js'
import {
  dropRedisPrefix,
  redisAvailable,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '../../testing/redis.js'
import { startSmtpServer, type FakeSmtp } from '../../testing/smtp.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { passwordResets } from './accounts.tables.js'

const PUBLIC_URL = 'https://loja.exemplo.com.br'
const NEW_PASSWORD = 'nova-senha-segura-2'

let smtp: FakeSmtp
let store: TestStore
// The clock reset links expire on; a test moves it forward and back.
let clockShift = 0

beforeAll(async () => {
  smtp = await startSmtpServer()
  store = await createTestStore({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Loja <loja@exemplo.com.br>', PUBLIC_URL },
    now: () => new Date(Date.now() + clockShift),
  })
})
afterAll(async () => {
  await store.close()
  await smtp.close()
})

/** The e-mails of the requests made so far (written after each answer), sent. */
const deliver = async () => {
  await store.app.services.passwordReset.drain()
  await store.app.services.messaging.worker.runOnce()
}

const forgot = (email: string, ip = newIp()) =>
  store.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress: ip,
  })

const resetPassword = (token: string, password = NEW_PASSWORD) =>
  store.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password },
    remoteAddress: newIp(),
  })

/** The e-mails to `address`, but the sign-up's verification code (decision 026). */
const mailsTo = (address: string) =>
  smtp.mails.filter(
    (m) =>
      m.to &&
      'text' in m.to &&
      m.to.text === address &&
      !String(m.subject).includes('código de confirmação'),
  )

/** The reset link of the last e-mail to `address`, as the buyer's mail app shows it. */
function linkIn(address: string): URL {
  const mail = mailsTo(address).at(-1)
  const href = /href="([^"]*redefinir-senha[^"]*)"/.exec(String(mail?.html))?.[1]
  if (!href) throw new Error(`no reset link in the e-mail to ${address}`)
  return new URL(href.replace(/&amp;/g, '&'))
}

async function requestLink(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(200)
  await deliver()
  return linkIn(email).searchParams.get('token')!
}

describe('password reset by e-mail', () => {
  it('e-mails one absolute link, in pt-BR, that sets a new password once and ends old sessions', async () => {
    const customer = await customerSession(store.app)
    const second = await login(store.app, customer.email, 'senha-segura-1')

    const res = await forgot(customer.email.toUpperCase())
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: FORGOT_PASSWORD_MESSAGE })
    await deliver()
    await deliver()

    const mails = mailsTo(customer.email)
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail!.subject).toBe('Redefinição de senha')
    expect(mail!.from?.text).toContain('loja@exemplo.com.br')
    expect(mail!.html).toContain('lang="pt-BR"')
    expect(mail!.text).toContain('Olá, Ana!')
    expect(mail!.text).toContain('30 minutos')

    const link = linkIn(customer.email)
    expect(link.origin).toBe(PUBLIC_URL)
    expect(link.pathname).toBe('/redefinir-senha')
    expect(mail!.text).toContain(link.toString())
    // The store keeps only a hash of the token.
    const stored = await store.database.db.select().from(passwordResets)
    expect(JSON.stringify(stored)).not.toContain(link.searchParams.get('token'))

    const page = await store.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
    expect(page.statusCode).not.toBe(404)

    const token = link.searchParams.get('token')!
    const done = await resetPassword(token)
    expect(done.statusCode).toBe(200)
    expect(done.json().message).toMatch(/Senha alterada/)

    expect((await whoAmI(store.app, customer.cookie)).json()).toBeNull()
    const secondCookie = String(second.headers['set-cookie']).split(';')[0]!
    expect((await whoAmI(store.app, secondCookie)).json()).toBeNull()
    expect((await login(store.app, customer.email, 'senha-segura-1')).statusCode).toBe(401)
    expect((await login(store.app, customer.email, NEW_PASSWORD)).statusCode).toBe(200)

    const again = await resetPassword(token, 'outra-senha-3')
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toMatch(/já foi usado/)
    expect((await login(store.app, customer.email, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('refuses an expired link, a forged one, and a password the sign-up would refuse', async () => {
    const customer = await customerSession(store.app)
    const token = await requestLink(customer.email)

    const short = await resetPassword(token, '123')
    expect(short.statusCode).toBe(400)
    expect(short.json().message).toMatch(/pelo menos 6/)

    clockShift = 31 * 60 * 1000
    try {
      const late = await resetPassword(token)
      expect(late.statusCode).toBe(400)
      expect(late.json().message).toMatch(/expirou/)
    } finally {
      clockShift = 0
    }

    const forged = await resetPassword(`${token.slice(0, -2)}xx`)
    expect(forged.statusCode).toBe(400)
    expect(forged.json().message).toMatch(/inválido/)
    expect((await login(store.app, customer.email, 'senha-segura-1')).statusCode).toBe(200)
  })

  it('answers an unknown e-mail exactly as a known one, and writes no e-mail for it', async () => {
    const customer = await customerSession(store.app)
    const known = await forgot(customer.email)
    const unknown = await forgot('ninguem.aqui@escola.com')
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(unknown.body).toBe(known.body)
    const rows = await outboxRows(store)
    expect(rows.some((r) => r.toNumber === customer.email)).toBe(true)
    expect(rows.some((r) => r.toNumber === 'ninguem.aqui@escola.com')).toBe(false)
  })

  it('limits the requests per e-mail and per IP', async () => {
    const customer = await customerSession(store.app)
    for (let i = 0; i < 3; i++) expect((await forgot(customer.email)).statusCode).toBe(200)
    const flooded = await forgot(customer.email)
    expect(flooded.statusCode).toBe(429)
    expect(flooded.json().message).toMatch(/Muitas tentativas/)

    const ip = newIp()
    for (let i = 0; i < 10; i++) {
      expect((await forgot(`pessoa${i}@escola.com`, ip)).statusCode).toBe(200)
    }
    expect((await forgot('mais.uma@escola.com', ip)).statusCode).toBe(429)
  })

  it('with the SMTP server down, still answers 200 and sends the e-mail once it is back', async () => {
    const customer = await customerSession(store.app)
    await smtp.stop()
    try {
      expect((await forgot(customer.email)).statusCode).toBe(200)
      await deliver()
      const [row] = (await outboxRows(store)).filter((r) => r.toNumber === customer.email)
      expect(row).toMatchObject({ channel: 'email', status: 'pending', attempts: 1 })
      expect(row!.lastError).toMatch(/indisponível/)
      expect(mailsTo(customer.email)).toHaveLength(0)
    } finally {
      await smtp.start()
    }
    await makeRetriesDue(store)
    await deliver()
    await deliver()
    expect(mailsTo(customer.email)).toHaveLength(1)
    const token = linkIn(customer.email).searchParams.get('token')!
    expect((await resetPassword(token)).statusCode).toBe(200)
  })
})

describe.runIf(await redisAvailable())('password reset with sessions in Redis', () => {
  const prefix = testRedisPrefix()
  let redisStore: TestStore
  beforeAll(async () => {
    redisStore = await createTestStore({
      env: { SMTP_URL: smtp.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix },
    })
  })
  afterAll(async () => {
    await redisStore.close()
    await dropRedisPrefix(prefix)
  })

  it('ends every session of the account', async () => {
    const { app } = redisStore
    const customer = await customerSession(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: customer.email },
      remoteAddress: newIp(),
    })
    expect(res.statusCode).toBe(200)
    await app.services.passwordReset.drain()
    await app.services.messaging.worker.runOnce()
    const token = linkIn(customer.email).searchParams.get('token')!
    const done = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: NEW_PASSWORD },
      remoteAddress: newIp(),
    })
    expect(done.statusCode).toBe(200)
    expect((await whoAmI(app, customer.cookie)).json()).toBeNull()
    expect((await login(app, customer.email, NEW_PASSWORD)).statusCode).toBe(200)
  })
})
