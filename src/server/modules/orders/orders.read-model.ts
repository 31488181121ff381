import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { orderItems, orders } from './orders.tables.js'

/** The figures reports and the catalogue read from orders (metrics, bumps, best sellers). */
export function orderFigures(db: Db) {
  return {
    /**
     * The store's running figures for /metrics, from the database so every instance tells the
     * same and a restart loses nothing: orders by status, ever created, ever paid, and the
     * revenue of those paid (refunded ones no longer count), in centavos.
     */
    async figures() {
      const [[totals], byStatus] = await Promise.all([
        db
          .select({
            created: sql<number>`count(*)::int`,
            paid: sql<number>`(count(*) filter (where ${orders.paidAt} is not null))::int`,
            revenueCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.status} = 'paid'), 0)::bigint`,
          })
          .from(orders),
        db
          .select({ status: orders.status, n: sql<number>`count(*)::int` })
          .from(orders)
          .groupBy(orders.status),
      ])
      return {
        created: Number(totals?.created ?? 0),
        paid: Number(totals?.paid ?? 0),
        revenueCents: Number(totals?.revenueCents ?? 0),
        byStatus: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])),
      }
    },

    /** How often each order bump was taken in paid orders, and what it brought in. */
    async bumpsTaken(): Promise<
      {
        forProductId: number
        productId: number
        productName: string
        taken: number
        revenueCents: number
      }[]
    > {
      return db
        .select({
          forProductId: sql<number>`${orderItems.bumpFor}`,
          productId: sql<number>`${orderItems.productId}`,
          productName: sql<string>`max(${orderItems.productName})`,
          taken: sql<number>`count(*)::int`,
          revenueCents: sql<number>`sum(${orderItems.unitPriceCents} * ${orderItems.quantity})::int`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orders.status, 'paid'), isNotNull(orderItems.bumpFor)))
        .groupBy(orderItems.bumpFor, orderItems.productId)
        .orderBy(desc(sql`count(*)`))
    },

    /** Units sold per product, over paid orders (the best sellers). */
    async unitsSold(): Promise<Map<number, number>> {
      const rows = await db
        .select({
          // Only product lines: a clube plan's line sells no product.
          productId: sql<number>`${orderItems.productId}`,
          sold: sql<number>`sum(${orderItems.quantity})::int`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orders.status, 'paid'), isNotNull(orderItems.productId)))
        .groupBy(orderItems.productId)
      return new Map(rows.map((r) => [r.productId, r.sold]))
    },
  }
}
