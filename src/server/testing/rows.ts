import { eq } from 'drizzle-orm'
import { purchases } from '../modules/downloads/downloads.tables.js'
import { orders } from '../modules/orders/orders.tables.js'
import type { TestStore } from './test-app.js'

/** The order's row as stored (tests may read any table to check what was written). */
export async function orderRow(store: TestStore, id: string) {
  return (await store.database.db.select().from(orders).where(eq(orders.id, id)))[0]!
}

/** The purchases an order granted, as stored. */
export function purchasesOf(store: TestStore, orderId: string) {
  return store.database.db.select().from(purchases).where(eq(purchases.orderId, orderId))
}

/**
 * The look-ups above bound to a test file's store, which its `beforeAll` assigns later:
 * `const { orderRow, purchasesOf } = storeRows(() => store)`.
 */
export function storeRows(storeOf: () => TestStore) {
  return {
    orderRow: (id: string) => orderRow(storeOf(), id),
    purchasesOf: (orderId: string) => purchasesOf(storeOf(), orderId),
  }
}
