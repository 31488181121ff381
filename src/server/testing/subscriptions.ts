import { and, eq } from 'drizzle-orm'
import { orders } from '../modules/orders/orders.tables.js'
import { subscriptionCycles, subscriptions } from '../modules/subscriptions/subscriptions.tables.js'
import type { TestStore } from './test-app.js'

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
  return { subRow, cycleOrder, orderRow }
}
