import { and, asc, eq } from 'drizzle-orm'
import { orders } from '../modules/orders/orders.tables.js'
import { subscriptionCycles, subscriptions } from '../modules/subscriptions/subscriptions.tables.js'
import { expect } from 'vitest'
import type { AdminPlan, SubscribeAnswer } from '../../contracts/subscriptions.js'
import { call, guestForm, newCartSession } from './commerce.js'
import type { TestStore } from './test-app.js'

/** A monthly plan opening every material (or as `fields` say), created by the admin. */
export async function createPlan(
  store: TestStore,
  adminCookie: string,
  fields: Record<string, unknown> = {},
): Promise<AdminPlan> {
  const body = {
    name: 'Clube',
    price: '19.90',
    interval: 'month',
    grants: { all: true },
    ...fields,
  }
  const res = await call(store, 'POST', '/api/admin/plans', body, { cookie: adminCookie })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<AdminPlan>()
}

/** The clube's rows as the tests read them, straight from the store's database. */
export function subscriptionRows(store: () => TestStore) {
  const db = () => store().database.db
  async function subRow(id: string) {
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, id))
    return row!
  }
  /** The id of the order that charges a subscription's `cycle` (null: none placed yet). */
  async function cycleOrder(id: string, cycle: number): Promise<string | null> {
    const [row] = await db()
      .select()
      .from(subscriptionCycles)
      .where(and(eq(subscriptionCycles.subscriptionId, id), eq(subscriptionCycles.cycle, cycle)))
    return row?.orderId ?? null
  }
  async function orderRow(id: string) {
    const [row] = await db().select().from(orders).where(eq(orders.id, id))
    return row!
  }
  /** A subscription's cycles, first to last. */
  const cyclesOf = (id: string) =>
    db()
      .select()
      .from(subscriptionCycles)
      .where(eq(subscriptionCycles.subscriptionId, id))
      .orderBy(asc(subscriptionCycles.cycle))
  /** Everything stored for an e-mail: its subscriptions, and every order placed for it. */
  async function storedFor(email: string) {
    const address = email.toLowerCase()
    const [subs, placed] = await Promise.all([
      db().select().from(subscriptions).where(eq(subscriptions.email, address)),
      db().select().from(orders).where(eq(orders.customerEmail, address)),
    ])
    return { subs, orders: placed }
  }
  return { subRow, cycleOrder, orderRow, cyclesOf, storedFor }
}

/** A provider's webhook as the tests deliver it to the store (`app.inject`). */
export type Delivery = {
  method: 'POST'
  url: string
  headers: Record<string, string>
  payload: string
}

/** A guest subscribes to `planId` from the clube page, her CPF given (201, or the test fails). */
export async function subscribeGuest(store: TestStore, planId: number, taxId: string) {
  const res = await call(
    store,
    'POST',
    '/api/subscriptions',
    { planId, customerData: guestForm(), acceptTerms: true, taxId },
    { session: newCartSession() },
  )
  expect(res.statusCode, res.body).toBe(201)
  return res.json<SubscribeAnswer>()
}

/**
 * A checker that each forgery made of a delivery answers 401 with `message`, while the
 * subscription's row and cycles stay as they were and the provider is asked nothing
 * (`providerRequests`: how many calls its fake has had).
 */
export function forgeryRefusals(
  store: TestStore,
  subscriptionId: string,
  providerRequests: () => number,
  message: string,
) {
  const { subRow, cyclesOf } = subscriptionRows(() => store)
  const stored = async () => ({
    sub: await subRow(subscriptionId),
    cycles: await cyclesOf(subscriptionId),
  })
  return async function refused(forgeries: Delivery[]) {
    const before = await stored()
    const asked = providerRequests()
    for (const forged of forgeries) {
      const answered = await store.app.inject(forged)
      expect([answered.statusCode, answered.json()]).toEqual([401, { message }])
    }
    expect(await stored()).toEqual(before)
    expect(providerRequests()).toBe(asked)
  }
}
