import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { coupons, couponUses } from './coupons.tables.js'

// What the coupons' uses do beyond the checkout: the orders' events and the LGPD requests.

/**
 * The buyer's part of the LGPD requests (decision 015): which coupons their orders used,
 * and, on erasure, the e-mail each use keeps for `maxUsesPerEmail` (the use itself stays:
 * the coupon's report counts it).
 */
export const couponPersonalData = (db: Db) => ({
  async exportOf(orderIds: string[]) {
    if (orderIds.length === 0) return []
    return db
      .select({
        orderId: couponUses.orderId,
        code: coupons.code,
        discountCents: couponUses.discountCents,
      })
      .from(couponUses)
      .innerJoin(coupons, eq(coupons.id, couponUses.couponId))
      .where(inArray(couponUses.orderId, orderIds))
  },
  async anonymise(tx: Db, orderIds: string[]): Promise<void> {
    if (orderIds.length === 0) return
    await tx.update(couponUses).set({ email: '' }).where(inArray(couponUses.orderId, orderIds))
  },
})

/**
 * OrderEffects: a cancelled (or expired) order gives its use back, once. A refund keeps it:
 * the coupon was used, and the report shows it no more since the order is no longer paid.
 * A PIX that is paid after its order expired is honoured (payments), so the use it gave
 * back is taken again, even past `maxUses`: the buyer paid the discounted price.
 */
export const couponOrderEffects = () => ({
  preparePaid: async () => async (tx: Db, order: { id: string; couponCode: string | null }) => {
    // An order placed without a coupon holds no use to take again.
    if (order.couponCode === null) return
    const [retaken] = await tx
      .update(couponUses)
      .set({ releasedAt: null })
      .where(and(eq(couponUses.orderId, order.id), isNotNull(couponUses.releasedAt)))
      .returning({ couponId: couponUses.couponId })
    if (!retaken) return
    await tx
      .update(coupons)
      .set({ usesHeld: sql`${coupons.usesHeld} + 1` })
      .where(eq(coupons.id, retaken.couponId))
  },
  async closed(tx: Db, orderId: string, status?: string) {
    if (status === 'refunded') return
    const [released] = await tx
      .update(couponUses)
      .set({ releasedAt: sql`now()` })
      .where(and(eq(couponUses.orderId, orderId), isNull(couponUses.releasedAt)))
      .returning({ couponId: couponUses.couponId })
    if (!released) return
    await tx
      .update(coupons)
      .set({ usesHeld: sql`greatest(${coupons.usesHeld} - 1, 0)` })
      .where(eq(coupons.id, released.couponId))
  },
})
