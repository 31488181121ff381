import { and, asc, desc, eq, gte, lte } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { payableRecentlyWhere, stillPayableWhere } from './order-states.js'
import { orders } from './orders.tables.js'
import type { OrderRow } from './place-order.js'

// What the background work reads of the orders: the providers' re-checks (pending and paid
// orders) and the PIX reminders (which orders may still be reminded, locked while one is).

export function orderWorkerReads(db: Db) {
  return {
    /**
     * Orders of a provider whose payment may still come (order-states.payableRecentlyWhere),
     * newest first: the pending re-check asks the provider about these.
     */
    async pendingOf(provider: string, limit: number, nowMs = Date.now()): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.paymentProvider, provider), payableRecentlyWhere(nowMs)))
        .orderBy(desc(orders.createdAt))
        .limit(limit)
    },

    /**
     * Pending PIX orders still payable at `nowMs` (code made, not expired, under 24 h old) and
     * placed at or before `placedBy`, oldest first: those a reminder may go to (recovery).
     */
    async remindable(nowMs: number, placedBy: Date, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(stillPayableWhere(nowMs, lte(orders.createdAt, placedBy)))
        .orderBy(asc(orders.createdAt))
        .limit(limit)
    },

    /**
     * The order if it is still a payable pending PIX at `nowMs`, locked in `tx` until it commits,
     * so a payment or a close waits for the reminder written with it (and then wins).
     */
    async lockRemindable(tx: Db, id: string, nowMs: number): Promise<OrderRow | null> {
      const [row] = await tx
        .select()
        .from(orders)
        .where(stillPayableWhere(nowMs, eq(orders.id, id)))
        .for('update')
      return row ?? null
    },

    /** Paid orders of a provider paid since `since`, newest first (refunds re-check). */
    async paidOf(provider: string, since: Date, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.status, 'paid'),
            eq(orders.paymentProvider, provider),
            gte(orders.paidAt, since),
          ),
        )
        .orderBy(desc(orders.paidAt))
        .limit(limit)
    },
  }
}
