import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { OrderClosedReason, OrderStatus } from '../../../contracts/checkout.js'
import type { Db } from '../../db/client.js'
import { whatsappMatches } from '../../lib/phone.js'
import { readsOnce, type ReadsOnce } from '../../lib/reads-once.js'
import { handle, type AnyEventHandler, type EventRaiser } from '../../kernel/events.js'
import type { OrderChange, OrderChangeScope, PaidSource } from './order-change.js'
import type { PaidPeriod, PaidReport } from './order-notices.js'
import { closedEvent } from './order-closed-event.js'
import { canTransition, claimableWhere, dueWhere, payableWhere } from './order-states.js'
import { orderItems, orders } from './orders.tables.js'
import { deferInserts } from '../../db/deferred-inserts.js'
import {
  placeOrder,
  storedOrder,
  type NewOrder,
  type NewOrderLine,
  type OrderRow,
} from './place-order.js'

export type OrderLineRow = typeof orderItems.$inferSelect

/**
 * How a module reacts to an order's events (orders.module.ts declares them): `preparePaid`
 * handles `order.paid` (it reads what it needs BEFORE the transaction opens, since PGlite runs
 * one query at a time, and answers the step to run inside it, which may report what it granted
 * for the buyer's receipt); `closed` handles `order.refunded` and `order.cancelled`; `claimed`
 * handles `order.claimed`. All of them run inside the transaction that changes the order, so
 * their rows exist exactly when the status changes. `once` holds reads shared by one payment's
 * steps (the order's purchases, their products): a module that reads purchases declares that it
 * runs after the modules granting them (orderEffectHandlers' `after`).
 */
export interface OrderEffects {
  preparePaid(): Promise<
    (tx: Db, order: OrderRow, lines: OrderLineRow[], once: ReadsOnce) => Promise<PaidReport>
  >
  /** `status` is the new one: 'cancelled' (by hand or expired) or 'refunded'. */
  closed(tx: Db, orderId: string, status?: OrderStatus): Promise<void>
  /** Guest orders became `userId`'s (claimGuestOrders): the rows they granted follow. */
  claimed?(tx: Db, orderIds: string[], userId: string): Promise<void>
}

/** A module's reactions to an order as the events' handlers, in the order `after` declares. */
export function orderEffectHandlers(
  effects: OrderEffects,
  opts: { after?: readonly string[] } = {},
): AnyEventHandler[] {
  const after = opts.after ?? []
  const closed = (tx: Db, { order }: { order: OrderRow }) =>
    effects.closed(tx, order.id, order.status)
  const handlers: AnyEventHandler[] = [
    handle({
      event: 'order.paid',
      phase: 'transaction',
      after,
      prepare: async () => {
        const step = await effects.preparePaid()
        return async (tx, { order, lines, once }) => (await step(tx, order, lines, once)) ?? []
      },
    }),
    handle({ event: 'order.refunded', phase: 'transaction', after, run: closed }),
    handle({ event: 'order.cancelled', phase: 'transaction', after, run: closed }),
  ]
  const { claimed } = effects
  if (claimed) {
    handlers.push(
      handle({
        event: 'order.claimed',
        phase: 'transaction',
        after,
        run: (tx, { orderIds, userId }) => claimed(tx, orderIds, userId),
      }),
    )
  }
  return handlers
}

export const linesOf = (tx: Db, orderId: string) =>
  tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id))

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

    /**
     * Guest orders placed with an account's e-mail become the account's, with what they
     * granted. With the e-mail verified (the account proved its inbox, decision 026), all of
     * them; otherwise only those with the account's WhatsApp too, the proof the guest look-up
     * asks for (on login with the right password): an unverified e-mail alone proves nothing.
     */
    async claimGuestOrders(account: {
      userId: string
      email: string
      whatsapp: string
      emailVerified?: boolean
    }) {
      if (!account.emailVerified && !account.whatsapp) return 0
      const rows = await db
        .select({ id: orders.id, whatsapp: orders.customerWhatsapp })
        .from(orders)
        .where(and(eq(orders.customerEmail, account.email.toLowerCase()), isNull(orders.userId)))
      const ids = rows
        .filter((r) => account.emailVerified || whatsappMatches(account.whatsapp, r.whatsapp))
        .map((r) => r.id)
      if (ids.length === 0) return 0
      // No notice and no state change: a plain transaction, not an order change.
      await db.transaction(async (tx) => {
        await tx
          .update(orders)
          .set({ userId: account.userId })
          .where(and(inArray(orders.id, ids), isNull(orders.userId)))
        await events.within('order.claimed', tx, { orderIds: ids, userId: account.userId })
      })
      return ids.length
    },
  }
}
