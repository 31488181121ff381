import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminPlan, SubscribeAnswer } from '../../../contracts/subscriptions.js'
import { adminSession, customerSession, newIp } from '../../testing/auth.js'
import { call, createMercadoPagoStore, guestForm, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createPlan, subscriptionRows } from '../../testing/subscriptions.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { subscriptionCycles, subscriptions } from './subscriptions.tables.js'

/**
 * Decision 030: one pending subscription per plan and account (or e-mail for a guest). A new
 * 'Assinar' replaces the pending one, and the renewal job forgets tries left unpaid. Runs on
 * PGlite, and on PostgreSQL with DATABASE_URL.
 */
const DAY = 24 * 60 * 60 * 1000
let at = Date.now()
const now = () => new Date(at)

let store: TestStore
let plan: AdminPlan
let other: AdminPlan

beforeAll(async () => {
  store = await createTestStore({ now })
  const admin = (await adminSession(store.app)).cookie
  await insertProduct(store, { name: 'Alfabetização 1', category: 'alfabetizacao' })
  await store.app.services.catalog.invalidate()
  plan = await createPlan(store, admin)
  other = await createPlan(store, admin, { name: 'Clube anual', interval: 'year' })
}, 240_000)
afterAll(() => store?.close())

const { subRow, cycleOrder, orderRow, storedFor } = subscriptionRows(() => store)
const db = () => store.database.db

async function subscribe(
  opts: { cookie?: string; email?: string; planId?: number } = {},
): Promise<SubscribeAnswer> {
  const res = await call(
    store,
    'POST',
    '/api/subscriptions',
    {
      planId: opts.planId ?? plan.id,
      acceptTerms: true,
      ...(opts.cookie ? {} : { customerData: guestForm({ email: opts.email }) }),
    },
    { session: newCartSession(), ...(opts.cookie ? { cookie: opts.cookie } : {}) },
  )
  expect(res.statusCode, res.body).toBe(201)
  return res.json<SubscribeAnswer>()
}

const pendingOf = async (email: string) =>
  (await storedFor(email)).subs.filter((s) => s.status === 'pendente')

describe('a new try of Assinar replaces the pending one', () => {
  it('her account, twice: one pending subscription, the first order cancelled', async () => {
    const customer = await customerSession(store.app)
    const first = await subscribe({ cookie: customer.cookie })
    const second = await subscribe({ cookie: customer.cookie })
    const pending = await pendingOf(customer.email)
    expect(pending.map((s) => s.id)).toEqual([second.subscription.id])
    expect(await cycleOrder(second.subscription.id, 1)).toBe(second.order.id)
    expect(await orderRow(second.order.id)).toMatchObject({ status: 'pending' })
    expect(await orderRow(first.order.id)).toMatchObject({ status: 'cancelled' })
    // The first subscription and its cycle are gone, not left beside the new one.
    expect(
      await db()
        .select()
        .from(subscriptionCycles)
        .where(eq(subscriptionCycles.subscriptionId, first.subscription.id)),
    ).toEqual([])
    // Another plan is another try: both stay.
    await subscribe({ cookie: customer.cookie, planId: other.id })
    expect(await pendingOf(customer.email)).toHaveLength(2)
  })

  it('a guest, twice with the same e-mail (any case): one pending, the first order cancelled', async () => {
    const email = `visita.${Date.now()}@exemplo.com`
    const first = await subscribe({ email })
    const second = await subscribe({ email: email.toUpperCase() })
    expect((await pendingOf(email)).map((s) => s.id)).toEqual([second.subscription.id])
    expect(await orderRow(first.order.id)).toMatchObject({ status: 'cancelled' })
    expect(await orderRow(second.order.id)).toMatchObject({ status: 'pending' })
  })

  it('a paid subscription of the plan is never replaced', async () => {
    const customer = await customerSession(store.app)
    const paid = await subscribe({ cookie: customer.cookie })
    expect(await store.app.services.orders.markOrderPaid(paid.order.id, 'admin')).toBe(true)
    const again = await subscribe({ cookie: customer.cookie })
    expect(await subRow(paid.subscription.id)).toMatchObject({ status: 'ativa' })
    expect(await orderRow(paid.order.id)).toMatchObject({ status: 'paid' })
    expect(await subRow(again.subscription.id)).toMatchObject({ status: 'pendente' })
  })

  it('a try whose PIX she said she paid is not replaced: 409 in Portuguese', async () => {
    const customer = await customerSession(store.app)
    const first = await subscribe({ cookie: customer.cookie })
    expect(await store.app.services.orders.claimPaid(first.order.id)).toBe(true)
    const res = await call(
      store,
      'POST',
      '/api/subscriptions',
      { planId: plan.id, acceptTerms: true },
      { session: newCartSession(), cookie: customer.cookie },
    )
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/aguardando a confirmação da loja/)
    expect((await pendingOf(customer.email)).map((s) => s.id)).toEqual([first.subscription.id])
  })
})

describe("a guest's pending try claimed by her account", () => {
  it('stays the guest’s when the account already tries the plan: the login’s claim goes through', async () => {
    const customer = await customerSession(store.app)
    const mine = await subscribe({ cookie: customer.cookie })
    const asGuest = await subscribe({ email: customer.email })
    await store.app.services.orders.claimGuestOrders({
      userId: customer.userId,
      email: customer.email,
      whatsapp: '',
      emailVerified: true,
    })
    expect(await subRow(mine.subscription.id)).toMatchObject({
      status: 'pendente',
      userId: customer.userId,
    })
    expect(await subRow(asGuest.subscription.id)).toMatchObject({
      status: 'pendente',
      userId: null,
    })
    // Her guest order follows her account as any claimed order does.
    expect(await orderRow(asGuest.order.id)).toMatchObject({ userId: customer.userId })
  })
})

describe('the renewal job forgets abandoned tries', () => {
  it('deletes a pending one without an order or with its order cancelled over a day ago; keeps the rest', async () => {
    const customer = await customerSession(store.app)
    const email = `orfa.${Date.now()}@exemplo.com`
    // Left by the old code: a pending subscription whose order was never placed.
    const [orphan] = await db()
      .insert(subscriptions)
      .values({
        id: `orfa${Date.now()}`,
        planId: other.id,
        email,
        customerName: 'Órfã Souza',
        method: 'pix_mensal',
        priceCents: 1990,
      })
      .returning()
    await db()
      .insert(subscriptionCycles)
      .values({ subscriptionId: orphan!.id, cycle: 1, amountCents: 1990, status: 'charged' })
    const expired = await subscribe({ email })
    expect(await store.app.services.orders.close(expired.order.id, 'pending', 'cancelled')).toBe(
      true,
    )
    const live = await subscribe({ cookie: customer.cookie, planId: other.id })
    const active = await subscribe({ cookie: customer.cookie })
    await store.app.services.orders.markOrderPaid(active.order.id, 'admin')

    // Within the day nothing goes: a late payment of an expired PIX still finds its try.
    expect((await store.app.services.subscriptions.runDue()).forgotten).toBe(0)
    at += 2 * DAY
    try {
      expect((await store.app.services.subscriptions.runDue()).forgotten).toBe(2)
    } finally {
      at -= 2 * DAY
    }
    expect((await storedFor(email)).subs).toEqual([])
    // Her pending try of a live PIX, and her paid subscription, are untouched.
    expect(await subRow(live.subscription.id)).toMatchObject({ status: 'pendente' })
    expect(await subRow(active.subscription.id)).toMatchObject({ status: 'ativa' })
    expect(await cycleOrder(active.subscription.id, 1)).toBe(active.order.id)
  })
})

describe('tries at once', () => {
  it('10 tries of her account at once leave one pending subscription with one live order', async () => {
    const customer = await customerSession(store.app)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        store.app.inject({
          method: 'POST',
          url: '/api/subscriptions',
          remoteAddress: newIp(),
          headers: { 'x-session-id': newCartSession(), cookie: customer.cookie },
          payload: { planId: plan.id, acceptTerms: true },
        }),
      ),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201))
    const { subs, orders } = await storedFor(customer.email)
    expect(subs).toHaveLength(1)
    expect(orders.filter((o) => o.status === 'pending').map((o) => o.id)).toEqual([
      await cycleOrder(subs[0]!.id, 1),
    ])
    expect(orders.filter((o) => o.status === 'cancelled')).toHaveLength(9)
  })
})

describe("a remote provider's charge that fails after the try is written", () => {
  it('cancels its order and deletes the try: nothing pending is left, and the next try goes', async () => {
    const shop = await createMercadoPagoStore()
    try {
      const admin = (await adminSession(shop.store.app)).cookie
      const remote = await createPlan(shop.store, admin)
      const email = `remota.${Date.now()}@exemplo.com`
      const rows = subscriptionRows(() => shop.store)
      const attempt = () =>
        call(
          shop.store,
          'POST',
          '/api/subscriptions',
          { planId: remote.id, acceptTerms: true, customerData: guestForm({ email }) },
          { session: newCartSession() },
        )
      // Every retry of the charge fails.
      shop.fake.failNext(10)
      const failed = await attempt()
      expect(failed.statusCode).toBe(503)
      expect(failed.json().message).toBe('Não foi possível gerar o PIX agora. Tente novamente.')
      const after = await rows.storedFor(email)
      expect(after.subs).toEqual([])
      expect(after.orders.map((o) => o.status)).toEqual(['cancelled'])
      shop.fake.failNext(0)
      const again = await attempt()
      expect(again.statusCode, again.body).toBe(201)
      expect((await rows.storedFor(email)).subs.map((s) => s.status)).toEqual(['pendente'])
    } finally {
      await shop.close()
    }
  }, 120_000)
})
