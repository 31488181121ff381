import { eq, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { orderItems, orders } from './orders.tables.js'

/** The provider name of the orders made while the store ran in demo mode (providers/demo.ts). */
export const DEMO_PROVIDER = 'demo'

/**
 * The orders made in demo mode, which leave the store with the demo catalogue: until
 * then the admin lists mark them 'Demonstração'.
 */
export function demoOrders(db: Db) {
  return {
    async hasDemoOrders(): Promise<boolean> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.paymentProvider, DEMO_PROVIDER))
        .limit(1)
      return row !== undefined
    },

    /** In the caller's transaction: the demo-mode orders' ids. */
    async demoOrderIds(tx: Db): Promise<string[]> {
      const rows = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.paymentProvider, DEMO_PROVIDER))
      return rows.map((r) => r.id)
    },

    /**
     * In the caller's transaction: deletes every demo-mode order (its lines, purchases, download
     * rights, refunds and coupon uses go with it, by their foreign keys), and answers which of
     * `productIds` a remaining (real) order still holds, alone or in a kit.
     */
    async removeDemoOrders(
      tx: Db,
      productIds: number[],
    ): Promise<{ orderIds: string[]; sold: number[] }> {
      const removed = await tx
        .delete(orders)
        .where(eq(orders.paymentProvider, DEMO_PROVIDER))
        .returning({ id: orders.id })
      if (!productIds.length) return { orderIds: removed.map((o) => o.id), sold: [] }
      const lines = await tx
        .select({ productId: orderItems.productId, bundle: orderItems.bundleProductIds })
        .from(orderItems)
        .where(
          or(
            inArray(orderItems.productId, productIds),
            sql`${orderItems.bundleProductIds} && ${sql.raw(`ARRAY[${productIds.map(Number).join(',')}]::integer[]`)}`,
          ),
        )
      const wanted = new Set(productIds)
      const sold = new Set<number>()
      for (const line of lines) {
        for (const id of [line.productId, ...line.bundle])
          if (id !== null && wanted.has(id)) sold.add(id)
      }
      return { orderIds: removed.map((o) => o.id), sold: [...sold] }
    },
  }
}
