import { and, eq, inArray, lt } from 'drizzle-orm'
import type { SubscriptionContext } from './subscription-context.js'
import { BATCH } from './subscription-deps.js'
import { days } from './subscription-periods.js'
import { subscriptionCycles, subscriptions } from './subscriptions.tables.js'

/**
 * The renewal job's sweep of abandoned tries (decision 030): a `pendente` subscription whose
 * first order is missing, or was cancelled or expired more than a day ago, is deleted with its
 * cycle. The day leaves a late payment of an expired PIX (which is honoured) its subscription.
 * A subscription that was ever paid is never 'pendente' again, so it is never touched here.
 */
export function abandonedTries(ctx: SubscriptionContext) {
  const { deps } = ctx
  const { db, orders } = deps

  return {
    async forgetDue(now: Date): Promise<number> {
      const dayAgo = new Date(now.getTime() - days(1))
      const tries = await db
        .select({ id: subscriptions.id, orderId: subscriptionCycles.orderId })
        .from(subscriptions)
        .leftJoin(
          subscriptionCycles,
          and(
            eq(subscriptionCycles.subscriptionId, subscriptions.id),
            eq(subscriptionCycles.cycle, 1),
          ),
        )
        .where(and(eq(subscriptions.status, 'pendente'), lt(subscriptions.createdAt, dayAgo)))
        .limit(BATCH)
      const orderIds = tries.flatMap((t) => (t.orderId ? [t.orderId] : []))
      const states = await orders.statesOf(orderIds)
      const gone = tries.filter((t) => {
        const order = t.orderId ? states.get(t.orderId) : undefined
        return !order || (order.status === 'cancelled' && order.updatedAt < dayAgo)
      })
      if (gone.length === 0) return 0
      const deleted = await db
        .delete(subscriptions)
        .where(
          and(
            inArray(
              subscriptions.id,
              gone.map((t) => t.id),
            ),
            // Paid meanwhile: hers, not forgotten.
            eq(subscriptions.status, 'pendente'),
          ),
        )
        .returning({ id: subscriptions.id })
      if (deleted.length > 0)
        deps.log.info({ count: deleted.length }, 'abandoned clube tries deleted')
      return deleted.length
    },
  }
}
