import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminPlan } from '../../../contracts/subscriptions.js'
import { RATE_LIMITS } from '../../http/rate-limit.js'
import { adminSession, customerSession, newIp } from '../../testing/auth.js'
import { guestForm, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createPlan, subscriptionRows } from '../../testing/subscriptions.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

/**
 * A guest's subscription e-mails an address she typed, so POST /api/subscriptions counts
 * against the guest-order limits (RATE_LIMITS.guestCheckoutIp and guestCheckoutEmail, the very
 * counters of /api/checkout). This file runs with the production limits (the other files raise
 * them: one address sends all). Races are real on PostgreSQL (run with DATABASE_URL); PGlite
 * runs one query at a time, where the same answers and rows are checked.
 */
let store: TestStore
let plan: AdminPlan
let book: { id: number }

beforeAll(async () => {
  store = await createTestStore({ realCheckoutLimits: true })
  const admin = (await adminSession(store.app)).cookie
  book = await insertProduct(store, { name: 'Alfabetização 1', category: 'alfabetizacao' })
  await store.app.services.catalog.invalidate()
  plan = await createPlan(store, admin)
}, 240_000)
afterAll(() => store?.close())

const { storedFor, cycleOrder } = subscriptionRows(() => store)

const subscribe = (ip: string, form: Record<string, unknown> = {}, cookie?: string) =>
  store.app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    remoteAddress: ip,
    headers: { 'x-session-id': newCartSession(), ...(cookie ? { cookie } : {}) },
    payload: {
      planId: plan.id,
      acceptTerms: true,
      ...(cookie ? {} : { customerData: guestForm(form) }),
    },
  })
const checkout = (ip: string, email: string) =>
  store.app.inject({
    method: 'POST',
    url: '/api/checkout',
    remoteAddress: ip,
    headers: { 'x-session-id': newCartSession() },
    payload: { items: [{ productId: book.id, quantity: 1 }], customerData: guestForm({ email }) },
  })
const tooMany = (res: { statusCode: number; json: () => { message: string } }) => {
  expect(res.statusCode).toBe(429)
  expect(res.json().message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/)
}
const uniqueEmail = (name: string) =>
  `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@exemplo.com`

/**
 * One pending subscription for the e-mail (decision 030: each try replaced the one before),
 * with the one live PIX order of its cycle 1; every other try's order cancelled. Answers how
 * many orders were placed.
 */
async function onePending(email: string) {
  const { subs, orders } = await storedFor(email)
  expect(subs.map((s) => s.status)).toEqual(['pendente'])
  const live = orders.filter((o) => o.status === 'pending')
  expect(live).toHaveLength(1)
  expect(live[0]).toMatchObject({
    paymentMethod: 'pix',
    totalCents: 1990,
    subscriptionId: subs[0]!.id,
  })
  expect(await cycleOrder(subs[0]!.id, 1)).toBe(live[0]!.id)
  expect(orders.filter((o) => o.status !== 'pending' && o.status !== 'cancelled')).toEqual([])
  expect(orders.filter((o) => o.subscriptionId === null)).toEqual([])
  return orders.length
}

describe('guest subscriptions, limited as guest orders', () => {
  it('per e-mail: 429 in Portuguese past the limit, from any address; nothing stored for it', async () => {
    const email = uniqueEmail('assina')
    for (let i = 0; i < RATE_LIMITS.guestCheckoutEmail.limit; i += 1) {
      const res = await subscribe(newIp(), { email })
      expect(res.statusCode, res.body).toBe(201)
    }
    tooMany(await subscribe(newIp(), { email }))
    tooMany(await subscribe(newIp(), { email: email.toUpperCase() }))
    expect(await onePending(email)).toBe(RATE_LIMITS.guestCheckoutEmail.limit)
    // Another address is not held back.
    expect((await subscribe(newIp(), { email: uniqueEmail('outra') })).statusCode).toBe(201)
  })

  it('per e-mail, on the same counter as guest orders', async () => {
    const email = uniqueEmail('mista')
    for (let i = 0; i < RATE_LIMITS.guestCheckoutEmail.limit - 1; i += 1) {
      expect((await checkout(newIp(), email)).statusCode).toBe(201)
    }
    expect((await subscribe(newIp(), { email })).statusCode).toBe(201)
    tooMany(await subscribe(newIp(), { email }))
    tooMany(await checkout(newIp(), email))
    const { subs, orders } = await storedFor(email)
    expect(subs).toHaveLength(1)
    expect(orders).toHaveLength(RATE_LIMITS.guestCheckoutEmail.limit)
  })

  it('per address: 429 past the limit, nothing stored for it; a logged-in subscriber there goes', async () => {
    const ip = newIp()
    for (let i = 0; i < RATE_LIMITS.guestCheckoutIp.limit; i += 1) {
      expect((await subscribe(ip)).statusCode).toBe(201)
    }
    const refused = uniqueEmail('recusada')
    tooMany(await subscribe(ip, { email: refused }))
    expect(await storedFor(refused)).toEqual({ subs: [], orders: [] })
    const customer = await customerSession(store.app)
    const res = await subscribe(ip, {}, customer.cookie)
    expect(res.statusCode, res.body).toBe(201)
    expect((await subscribe(newIp())).statusCode).toBe(201)
  })
})

describe('30 subscriptions at once for one e-mail and one plan', () => {
  it('a guest: 201 up to the limit, 429 after, never a 500; one pending subscription left', async () => {
    const email = uniqueEmail('rajada')
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => subscribe(newIp(), { email })),
    )
    const statuses = answers.map((a) => a.statusCode)
    expect(statuses.filter((s) => s !== 201 && s !== 429)).toEqual([])
    for (const refused of answers.filter((a) => a.statusCode === 429)) tooMany(refused)
    const created = statuses.filter((s) => s === 201).length
    expect(created).toBe(RATE_LIMITS.guestCheckoutEmail.limit)
    expect(await onePending(email)).toBe(created)
  })

  it('her account (no guest limit): 30 answers 201, one pending subscription with one live order', async () => {
    const customer = await customerSession(store.app)
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => subscribe(newIp(), {}, customer.cookie)),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(201))
    // Each try replaced the one before it: 30 orders placed, 29 of them cancelled.
    expect(await onePending(customer.email)).toBe(30)
  })
})
