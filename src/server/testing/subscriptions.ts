import { and, asc, eq } from 'drizzle-orm'
import { orders } from '../modules/orders/orders.tables.js'
import { subscriptionCycles, subscriptions } from '../modules/subscriptions/subscriptions.tables.js'
import { expect } from 'vitest'
import type { AdminPlan } from '../../contracts/subscriptions.js'
import { call } from './commerce.js'
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
