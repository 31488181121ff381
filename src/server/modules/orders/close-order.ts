import { and, eq, isNull, sql } from 'drizzle-orm'
import type { OrderStatus } from '../../../contracts/checkout.js'
import type { Db } from '../../db/client.js'
import { orders, purchases } from '../../db/schema.js'
import { canTransition } from './order-states.js'

/**
 * Refunds a paid order or cancels a pending one, and revokes its purchases in the same
 * transaction, so downloads stop the moment the status changes. `from` is the status the caller
 * saw: if the order moved meanwhile nothing happens and the answer is false.
 */
export async function closeOrder(
  db: Db,
  orderId: string,
  from: OrderStatus,
  to: 'refunded' | 'cancelled',
): Promise<boolean> {
  if (!canTransition(from, to)) return false
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ status: to, updatedAt: sql`now()` })
      .where(and(eq(orders.id, orderId), eq(orders.status, from)))
      .returning({ id: orders.id })
    if (!order) return false
    await tx
      .update(purchases)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(purchases.orderId, orderId), isNull(purchases.revokedAt)))
    return true
  })
}
