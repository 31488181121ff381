import { and, desc, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutAnswer } from '../../../contracts/checkout.js'
import type { DataExport } from '../../../contracts/privacy.js'
import { cookieFrom, login, newCustomer, newIp } from '../../testing/auth.js'
import { call, guestForm, newCartSession } from '../../testing/commerce.js'
import { buyAsGuest } from '../../testing/downloads.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { messageOutbox } from '../messaging/messaging.tables.js'

/**
 * An account's e-mail is verified (a 6-digit code e-mailed at sign-up) before
 * the account reaches anything placed as a guest under that e-mail: its orders, their messages,
 * their erasure. Verifying joins those orders to the account.
 */
let store: TestStore
let kit: { id: number }
beforeAll(async () => {
  store = await createTestStore()
  kit = await insertProduct(store, { name: 'Kit Alfabetização', priceCents: 1990 })
})
afterAll(() => store.close())

/** Signs up `email` with a WhatsApp of its own and logs in; the session cookie. */
async function signUp(email: string, overrides: Record<string, string> = {}) {
  const body = newCustomer({ email, whatsapp: '(31) 95555-0000', ...overrides })
  const res = await store.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: body,
    remoteAddress: newIp(),
  })
  expect(res.statusCode).toBe(201)
  const logged = await login(store.app, email, body.password)
  return { cookie: cookieFrom(logged.headers['set-cookie']), password: body.password }
}

/** The newest verification code e-mailed to `email`. */
async function codeSentTo(email: string): Promise<string> {
  const [row] = await store.database.db
    .select()
    .from(messageOutbox)
    .where(
      and(
        eq(messageOutbox.toNumber, email),
        like(messageOutbox.dedupeKey, 'account:%:email-verify:%'),
      ),
    )
    .orderBy(desc(messageOutbox.id))
    .limit(1)
  const code = /\b(\d{6})\b/.exec(row?.subject ?? '')?.[1]
  if (!code) throw new Error(`no verification code e-mailed to ${email}`)
  return code
}

/** The e-mail access link the victim's paid-order e-mail carries. */
async function paidMailToken(orderId: string): Promise<string> {
  const [row] = await store.database.db
    .select()
    .from(messageOutbox)
    .where(eq(messageOutbox.dedupeKey, `order:${orderId}:paid:email`))
  return decodeURIComponent(/acesso=([\w%-]+)/.exec(row!.body)![1]!)
}

const get = (url: string, cookie: string) => call(store, 'GET', url, undefined, { cookie })
const post = (url: string, body: unknown, cookie: string) =>
  store.app.inject({
    method: 'POST',
    url,
    payload: body as Record<string, unknown>,
    headers: { cookie },
    remoteAddress: newIp(),
  })
const fresh = (name: string) => `${name}.${Math.random().toString(36).slice(2)}@exemplo.com`

describe('an account whose e-mail nobody verified', () => {
  it("cannot export or erase the guest orders, messages and links of someone else's e-mail", async () => {
    const victim = fresh('vitima')
    const bought = await buyAsGuest(store, kit.id, { email: victim })
    const attacker = await signUp(victim)

    const exported = (await get('/api/user/data-export', attacker.cookie)).json<DataExport>()
    expect(exported.orders).toEqual([])
    expect(exported.messages.filter((m) => m.kind.startsWith('order:'))).toEqual([])

    const deleted = await post(
      '/api/user/delete-account',
      { password: attacker.password },
      attacker.cookie,
    )
    expect(deleted.statusCode).toBe(200)
    // Her order e-mail's link still opens her materials; her order keeps her name.
    const link = await call(store, 'POST', '/api/guest-access/link', {
      token: await paidMailToken(bought.orderId),
    })
    expect(link.statusCode).toBe(200)
    expect(link.json<{ purchases: unknown[] }>().purchases).toHaveLength(1)
  })

  it('works for what the account itself did, and answers emailVerified: false', async () => {
    const email = fresh('nova')
    const { cookie } = await signUp(email)
    const me = await get('/api/auth/user', cookie)
    expect(me.json()).toMatchObject({ user: { email, emailVerified: false } })
    const session = newCartSession()
    const placed = await call(
      store,
      'POST',
      '/api/checkout',
      { items: [{ productId: kit.id }] },
      { session, cookie },
    )
    const { order } = placed.json<CheckoutAnswer>()
    const orders = (await get('/api/user/orders', cookie)).json<{ id: string }[]>()
    expect(orders.map((o) => o.id)).toEqual([order.id])
    const exported = (await get('/api/user/data-export', cookie)).json<DataExport>()
    expect(exported.orders.map((o) => o.id)).toEqual([order.id])
    expect(exported.messages.length).toBeGreaterThan(0)
  })
})

describe('verifying the e-mail with the code it received', () => {
  it('joins the guest orders of that e-mail to the account', async () => {
    const email = fresh('prof')
    const guestOrder = await buyAsGuest(store, kit.id, { email, whatsapp: '(11) 91234-0000' })
    const { cookie } = await signUp(email)
    expect((await get('/api/user/orders', cookie)).json()).toEqual([])
    const code = await codeSentTo(email)

    const wrong = await post(
      '/api/auth/verify-email',
      { code: code === '000000' ? '111111' : '000000' },
      cookie,
    )
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({ message: 'Código incorreto. Restam 4 tentativas.' })

    const ok = await post('/api/auth/verify-email', { code }, cookie)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ success: true, emailVerified: true })
    expect((await get('/api/auth/user', cookie)).json()).toMatchObject({
      user: { emailVerified: true },
    })
    const orders = (await get('/api/user/orders', cookie)).json<{ id: string }[]>()
    expect(orders.map((o) => o.id)).toEqual([guestOrder.orderId])
    const exported = (await get('/api/user/data-export', cookie)).json<DataExport>()
    expect(exported.orders.map((o) => o.id)).toEqual([guestOrder.orderId])

    // Used once.
    const again = await post('/api/auth/verify-email', { code }, cookie)
    expect(again.statusCode).toBe(409)
  })

  it('refuses a bad code shape, stops after 5 wrong tries, and limits the resends', async () => {
    const email = fresh('tentativas')
    const { cookie } = await signUp(email)
    const shape = await post('/api/auth/verify-email', { code: '12ab' }, cookie)
    expect(shape.statusCode).toBe(400)
    expect(shape.json()).toEqual({ message: 'Digite o código de 6 números.' })
    const code = await codeSentTo(email)
    const wrongCode = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i += 1) await post('/api/auth/verify-email', { code: wrongCode }, cookie)
    const late = await post('/api/auth/verify-email', { code }, cookie)
    expect(late.statusCode).toBe(400)
    expect(late.json<{ message: string }>().message).toMatch(/Peça um novo código/)

    const statuses: number[] = []
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await post('/api/auth/verify-email/resend', {}, cookie)).statusCode)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
    const fresher = await codeSentTo(email)
    expect((await post('/api/auth/verify-email', { code: fresher }, cookie)).statusCode).toBe(200)
  })

  it('compares no more than 5 codes when 30 guesses arrive at once', async () => {
    const email = fresh('rajada')
    const { cookie } = await signUp(email)
    const code = await codeSentTo(email)
    const guesses = Array.from({ length: 30 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    )
    const answers = await Promise.all(
      guesses.map((guess) => post('/api/auth/verify-email', { code: guess }, cookie)),
    )
    // Each answer that says 'incorreto' is a code compared: a try spent, never more than 5.
    const compared = answers.filter((a) => /incorreto/.test(a.json<{ message: string }>().message))
    expect(compared.length).toBeLessThanOrEqual(5)
    const late = await post('/api/auth/verify-email', { code }, cookie)
    expect(late.statusCode).toBe(400)
  })

  it('asks for a login, and the account made at checkout gets its code too', async () => {
    const anonymous = await call(store, 'POST', '/api/auth/verify-email', { code: '123456' })
    expect(anonymous.statusCode).toBe(401)
    const email = fresh('checkout')
    const res = await call(
      store,
      'POST',
      '/api/checkout',
      {
        items: [{ productId: kit.id }],
        customerData: guestForm({ email, createAccount: true, password: 'segredo1' }),
      },
      { session: newCartSession() },
    )
    expect(res.json<CheckoutAnswer>().accountCreated).toBe(true)
    const code = await codeSentTo(email)
    const cookie = cookieFrom(res.headers['set-cookie'])
    expect((await post('/api/auth/verify-email', { code }, cookie)).statusCode).toBe(200)
  })
})
