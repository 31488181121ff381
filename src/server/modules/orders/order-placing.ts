import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { deferInserts } from '../../db/deferred-inserts.js'
import type { OrderChange, OrderChangeScope } from './order-change.js'
import { linesOf } from './order-lines.js'
import { orders } from './orders.tables.js'
import {
  placeOrder,
  storedOrder,
  type NewOrder,
  type NewOrderLine,
  type OrderRow,
} from './place-order.js'

// An order coming into being: stored with its lines and 'new order' notice, alone or with the
// caller's writes, then given its charge. Part of the state machine (order-transitions.ts),
// which lends it the close path for the pending order a new clube try replaces.

export function orderPlacing(
  db: Db,
  change: OrderChange,
  closedWithin: (scope: OrderChangeScope, order: OrderRow) => Promise<void>,
) {
  const { withOrderChange } = change

  /**
   * Stores an order and its lines with its 'new order' notice, in the caller's change: the
   * notice's rows are written by the order's own statement (see place-order.ts).
   */
  async function placeWithin(scope: OrderChangeScope, order: NewOrder, lines: NewOrderLine[]) {
    const row = storedOrder(order)
    const notices = deferInserts(scope.tx)
    await scope.notices?.orderPlaced(notices.db, row, lines)
    await placeOrder(scope.tx, row, lines, notices.statements)
    return row
  }

  return {
    /**
     * Stores an order, its lines and its 'new order' notice atomically, in one statement and
     * no transaction (see place-order.ts).
     */
    insert: (order: NewOrder, lines: NewOrderLine[]): Promise<OrderRow> =>
      withOrderChange((scope) => placeWithin(scope, order, lines), { bare: true }),

    /**
     * An order placed together with the caller's own writes (the new account, the coupon's
     * use), which stand or fall with it: `work` gets the transaction, `place`, and
     * `cancelPendingWithin`, the close path of a pending order (effects, notice, the charge
     * voided after the commit) in this same transaction: a new clube try replaces the
     * previous one's unpaid order (decision 030). True when that order was still pending.
     */
    placeWith: <T>(
      work: (
        tx: Db,
        place: (order: NewOrder, lines: NewOrderLine[]) => Promise<OrderRow>,
        cancelPendingWithin: (orderId: string) => Promise<boolean>,
      ) => Promise<T>,
    ): Promise<T> =>
      withOrderChange((scope) =>
        work(
          scope.tx,
          (order, lines) => placeWithin(scope, order, lines),
          async (orderId) => {
            const [order] = await scope.tx
              .update(orders)
              .set({ status: 'cancelled', closedReason: null, updatedAt: sql`now()` })
              .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
              .returning()
            if (!order) return false
            await closedWithin(scope, order)
            scope.closed(order)
            return true
          },
        ),
      ),

    /** A remote provider's charge, with the buyer's 'order created' notice that carries it. */
    attachCharge: (
      id: string,
      charge: {
        pixCode: string | null
        ticketUrl: string | null
        providerPaymentId: string | null
      },
    ): Promise<void> =>
      withOrderChange(async ({ tx, notices }) => {
        const [order] = await tx
          .update(orders)
          .set({ ...charge, updatedAt: sql`now()` })
          .where(eq(orders.id, id))
          .returning()
        if (order) await notices?.chargeReady(tx, order, await linesOf(tx, id))
      }),

    /**
     * Records the provider's payment id once (card payments are known only when paid). Not a
     * change of status: no effect, notice or listener, so one statement.
     */
    async setProviderPaymentId(id: string, providerPaymentId: string): Promise<void> {
      await db
        .update(orders)
        .set({ providerPaymentId, updatedAt: sql`now()` })
        .where(and(eq(orders.id, id), isNull(orders.providerPaymentId)))
    },
  }
}
