import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import type { OrderEffects } from '../orders/orders.service.js'
import { refunds } from './refunds.tables.js'

// What the refunds' rows do beyond the refund screens: the orders' events and the LGPD requests.

/**
 * Inside the transaction that refunds an order, by any path (the owner's status change, or a
 * refund made in the provider's panel that a webhook or re-check found): a buyer's request
 * still under review is settled as refunded, so the owner is not asked to decide on it. The
 * refunds module's own paths write their outcome afterwards (return_money with a static key).
 */
export function refundOrderEffects(): OrderEffects {
  return {
    preparePaid: async () => async () => {},
    async closed(tx: Db, orderId: string, status?: string) {
      if (status !== 'refunded') return
      await tx
        .update(refunds)
        .set({ status: 'refunded', decidedAt: sql`now()` })
        .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'review')))
    },
  }
}

/** The buyer's part of the LGPD requests (decision 015): the reasons they wrote. */
export const refundPersonalData = (db: Db) => ({
  async exportOf(orderIds: string[]) {
    if (orderIds.length === 0) return []
    const rows = await db.select().from(refunds).where(inArray(refunds.orderId, orderIds))
    return rows.map((r) => ({
      orderId: r.orderId,
      status: r.status,
      reason: r.reason,
      decisionNote: r.decisionNote,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    }))
  },
  /** The request stays (the order's books need it); its words, which may name the buyer, go. */
  async anonymise(tx: Db, orderIds: string[]): Promise<void> {
    if (orderIds.length === 0) return
    await tx
      .update(refunds)
      .set({ reason: '', decisionNote: null })
      .where(inArray(refunds.orderId, orderIds))
  },
})
