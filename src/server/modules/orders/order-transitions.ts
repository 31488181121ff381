import { and, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { OrderClosedReason, OrderStatus } from '../../../contracts/checkout.js'
import type { Db } from '../../db/client.js'
import { readsOnce } from '../../lib/reads-once.js'
import type { EventRaiser } from '../../kernel/events.js'
import type { OrderChange, OrderChangeScope, PaidSource } from './order-change.js'
import type { PaidPeriod } from './order-notices.js'
import { closedEvent } from './order-closed-event.js'
import { canTransition, claimableWhere, dueWhere, payableWhere } from './order-states.js'
import { linesOf } from './order-lines.js'
import { orderPlacing } from './order-placing.js'
import { orders } from './orders.tables.js'
import type { OrderRow } from './place-order.js'

export { linesOf, type OrderLineRow } from './order-lines.js'

/**
 * The state machine: every change of an order's status with its effects, each one order change
 * (order-change.ts). The table of allowed moves is order-states.ts.
 */
export function orderTransitions(
  db: Db,
  change: OrderChange,
  deps: { log: FastifyBaseLogger; events: EventRaiser },
) {
  const { withOrderChange } = change
  const { events } = deps

  /** What every refund or cancellation does inside its transaction: effects, then notices. */
  async function closedWithin(
    scope: OrderChangeScope,
    order: OrderRow,
    notify = true,
    moneyToSend = false,
  ) {
    await events.within(closedEvent(order), scope.tx, { order })
    if (!notify) return
    const lines = await linesOf(scope.tx, order.id)
    await scope.notices?.orderClosed(scope.tx, order, lines, { moneyToSend })
  }

  return {
    ...orderPlacing(db, change, closedWithin),

    /**
     * Pays a pending order (or one cancelled because its PIX ran out: a late payment is
     * honoured, see order-states.isPayable) and grants its purchases, exactly once: of any
     * number of simultaneous callers only the one whose UPDATE finds it still payable goes on,
     * and the unique order_item_id would refuse a second set anyway. True for that one caller.
     */
    async markOrderPaid(orderId: string, source: PaidSource): Promise<boolean> {
      const paidSteps = await events.prepare('order.paid')
      const won = await withOrderChange(async (scope) => {
        const { tx } = scope
        const [order] = await tx
          .update(orders)
          .set({ status: 'paid', paidAt: sql`now()`, closedReason: null, updatedAt: sql`now()` })
          .where(and(eq(orders.id, orderId), payableWhere()))
          .returning()
        if (!order) return false
        const lines = await linesOf(tx, order.id)
        const reports = await paidSteps(tx, { order, lines, once: readsOnce() })
        const grants = reports.flatMap((report) => (Array.isArray(report) ? report : []))
        // A clube cycle's order: its handler reports the period opened, for the receipt.
        const period =
          reports.find((r): r is { period: PaidPeriod } => !Array.isArray(r))?.period ?? null
        await scope.notices?.orderPaid(tx, order, lines, grants, period)
        scope.paid(order)
        return true
      })
      if (won) deps.log.info({ orderId, source }, 'order paid')
      return won
    },

    /**
     * The buyer's 'Já paguei': a pending PIX, or an expired one under the store's own
     * key, now awaits the owner's confirmation (the expiry leaves it alone), and the owner is
     * alerted in the same transaction. Of simultaneous claims, or a claim and the expiry job,
     * the UPDATE decides: the claim wins only while the order is still claimable. True when it
     * moved (false: already awaiting, or no longer claimable).
     */
    claimPaid: (orderId: string): Promise<boolean> =>
      withOrderChange(async (scope) => {
        const [order] = await scope.tx
          .update(orders)
          .set({ status: 'awaiting_confirmation', closedReason: null, updatedAt: sql`now()` })
          .where(and(eq(orders.id, orderId), claimableWhere()))
          .returning()
        if (!order) return false
        await scope.notices?.paidClaimed(scope.tx, order, await linesOf(scope.tx, order.id))
        return true
      }),

    /**
     * Refunds a paid order or cancels a pending one, with every module's `closed` effect (the
     * purchases revoked) in the same transaction. `from` is the status the caller saw: if the
     * order moved meanwhile nothing happens and the answer is false.
     */
    async close(
      orderId: string,
      from: OrderStatus,
      to: 'refunded' | 'cancelled',
      reason: OrderClosedReason | null = null,
      /** A refund whose money the owner still sends by hand: the buyer is told it will come. */
      opts: { moneyToSend?: boolean } = {},
    ): Promise<boolean> {
      if (!canTransition(from, to)) return false
      return withOrderChange(async (scope) => {
        const [order] = await scope.tx
          .update(orders)
          .set({ status: to, closedReason: reason, updatedAt: sql`now()` })
          .where(and(eq(orders.id, orderId), eq(orders.status, from)))
          .returning()
        if (!order) return false
        await closedWithin(scope, order, true, opts.moneyToSend === true)
        scope.closed(order)
        return true
      })
    },

    /**
     * Cancels one order if it is still pending (a charge that could not be created), with the
     * effects of any cancellation (a coupon's use goes back) but no notice (the buyer was told)
     * and no listener (there is no charge to void, and nothing was sold).
     */
    cancelPending: (id: string): Promise<boolean> =>
      withOrderChange(async (scope) => {
        const [row] = await scope.tx
          .update(orders)
          .set({ status: 'cancelled', updatedAt: sql`now()` })
          .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
          .returning()
        if (!row) return false
        await closedWithin(scope, row, false)
        return true
      }),

    /**
     * Pending orders that can no longer be paid (their PIX ran out, or 24 h passed) are
     * cancelled as 'expired', each with the effects and notices of any cancellation (the close
     * path). `onlyId` limits it to one order (its status page asked). Returns how many.
     */
    cancelStale: (nowMs = Date.now(), onlyId?: string): Promise<number> =>
      withOrderChange(async (scope) => {
        const rows = await scope.tx
          .update(orders)
          .set({ status: 'cancelled', closedReason: 'expired', updatedAt: sql`now()` })
          .where(and(dueWhere(nowMs), onlyId === undefined ? undefined : eq(orders.id, onlyId)))
          .returning()
        for (const order of rows) {
          await closedWithin(scope, order)
          scope.closed(order)
        }
        return rows.length
      }),
  }
}
