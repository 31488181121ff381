import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { Product } from '../../../contracts/products.js'
import type { Db } from '../../db/client.js'
import type { PurchasesService } from '../downloads/purchases.service.js'
import type { OrderEffects, OrderLineRow, OrderRow } from '../orders/orders.service.js'
import { grantedProducts } from './plans.service.js'
import { WITHDRAWAL_DAYS } from './subscription-deps.js'
import { days, nextPeriod } from './subscription-periods.js'
import { plans, subscriptionCycles, subscriptions } from './subscriptions.tables.js'

type Purchases = Pick<PurchasesService, 'grantClube' | 'revokeOrders'>
export type SubscriptionRow = typeof subscriptions.$inferSelect

/**
 * The cycles whose order granted materials: the paid ones, and the free periods the owner gave
 * (each an order of R$ 0,00 paid at once; those given before had no order and granted nothing).
 */
export const GRANTING_CYCLES = ['paid', 'free'] as const

/** The orders of a subscription's granting cycles, for revoking what they granted. */
export async function paidCycleOrders(tx: Db, subscriptionId: string, except?: string) {
  const rows = await tx
    .select({ orderId: subscriptionCycles.orderId })
    .from(subscriptionCycles)
    .where(
      and(
        eq(subscriptionCycles.subscriptionId, subscriptionId),
        inArray(subscriptionCycles.status, GRANTING_CYCLES),
        except ? ne(subscriptionCycles.orderId, except) : undefined,
      ),
    )
  return rows.flatMap((r) => (r.orderId ? [r.orderId] : []))
}

/**
 * The orders whose materials a refund of `orderId` ends with it (refunds module): for a clube
 * cycle's order every granting cycle of its subscription, since a refunded cycle ends the clube
 * (`closed` below) and what was downloaded in any of its periods, revoked since or not, was
 * used; for any other order, none.
 */
export async function clubeOrdersWith(db: Db, orderId: string): Promise<string[]> {
  const [cycle] = await db
    .select({ subscriptionId: subscriptionCycles.subscriptionId })
    .from(subscriptionCycles)
    .where(eq(subscriptionCycles.orderId, orderId))
  return cycle ? paidCycleOrders(db, cycle.subscriptionId) : []
}

/**
 * What paying or closing a clube cycle's order does, inside the order's own transaction (its
 * handlers of the order events, which the Canva links' and the stamping's run after, so those
 * follow the purchases granted here; subscriptions.module.ts): the subscription becomes 'ativa' with its period
 * extended from the previous end, the period's materials are granted as purchases of the
 * cycle's order (each with the plan's downloads), and the previous cycle's grants end. A
 * refund of a cycle (a withdrawal) ends the subscription.
 */
export function clubeOrderEffects(deps: {
  purchases: Purchases
  onSale: () => Promise<Product[]>
  now: () => Date
}): OrderEffects {
  return {
    async preparePaid() {
      // Read before the transaction (PGlite runs one query at a time): the catalogue, from
      // memory. The plan is read inside, and only for a cycle's order: most orders are not.
      const onSale = await deps.onSale()
      return async (tx: Db, order: OrderRow, lines: OrderLineRow[]) => {
        if (!order.subscriptionId) return
        const line = lines.find((l) => l.planId !== null)
        // A free period's cycle stays 'free': its order grants as a paid one does.
        const [cycle] = await tx
          .update(subscriptionCycles)
          .set({
            status: sql`CASE WHEN ${subscriptionCycles.status} = 'free' THEN 'free' ELSE 'paid' END`,
          })
          .where(eq(subscriptionCycles.orderId, order.id))
          .returning()
        const [sub] = await tx
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.id, order.subscriptionId))
          .for('update')
        const [plan] = sub
          ? await tx
              .select()
              .from(plans)
              .where(and(eq(plans.id, sub.planId), isNull(plans.deletedAt)))
          : []
        if (!cycle || !sub || !line || !plan) return
        const now = deps.now()
        const { start, end } = nextPeriod(sub.currentPeriodEnd, plan.interval, now)
        // A cycle paid after she cancelled still gives her the period she paid for.
        const status =
          sub.status === 'cancelada' || sub.status === 'encerrada' ? sub.status : 'ativa'
        await tx
          .update(subscriptions)
          .set({
            status,
            currentPeriodStart: start,
            currentPeriodEnd: end,
            firstPaidAt: sub.firstPaidAt ?? now,
            endedAt: status === 'encerrada' ? sub.endedAt : null,
            userId: sub.userId ?? order.userId,
            updatedAt: sql`now()`,
          })
          .where(eq(subscriptions.id, sub.id))
        await deps.purchases.revokeOrders(tx, await paidCycleOrders(tx, sub.id, order.id))
        if (status === 'encerrada') return
        const productIds = grantedProducts(plan.grants, onSale).map((p) => p.id)
        await deps.purchases.grantClube(tx, {
          orderId: order.id,
          orderItemId: line.id,
          userId: order.userId,
          customerEmail: order.customerEmail,
          productIds,
          downloads: plan.downloadsPerMaterial,
        })
        // The receipt reads as a subscription's: what was paid, until when, and what comes next.
        return {
          period: {
            planName: plan.name,
            interval: plan.interval,
            start,
            end,
            first: sub.firstPaidAt === null,
            withdrawableUntil:
              sub.firstPaidAt === null ? new Date(now.getTime() + days(WITHDRAWAL_DAYS)) : null,
            method: sub.method,
            cancelled: status === 'cancelada',
            materials: productIds.length,
            downloadsPerMaterial: plan.downloadsPerMaterial,
          },
        }
      }
    },

    async closed(tx: Db, orderId: string, status?: string) {
      const [cycle] = await tx
        .select()
        .from(subscriptionCycles)
        .where(eq(subscriptionCycles.orderId, orderId))
      if (!cycle) return
      if (status === 'refunded') {
        // A withdrawal (CDC art. 49) or a refund given: the clube ends, nothing more is charged.
        await tx
          .update(subscriptions)
          .set({ status: 'encerrada', endedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(subscriptions.id, cycle.subscriptionId))
        await deps.purchases.revokeOrders(tx, await paidCycleOrders(tx, cycle.subscriptionId))
      }
    },

    async claimed(tx: Db, orderIds: string[], userId: string) {
      const owned = await tx
        .select({ id: subscriptionCycles.subscriptionId })
        .from(subscriptionCycles)
        .where(inArray(subscriptionCycles.orderId, orderIds))
      if (owned.length === 0) return
      await tx
        .update(subscriptions)
        .set({ userId })
        .where(
          and(
            inArray(
              subscriptions.id,
              owned.map((o) => o.id),
            ),
            sql`${subscriptions.userId} IS NULL`,
            // A guest's pending try of a plan her account is already trying stays the
            // guest's (one pending per plan and account, decision 030); it lapses unpaid.
            sql`NOT (${subscriptions.status} = 'pendente' AND EXISTS (
              SELECT 1 FROM subscriptions mine WHERE mine.plan_id = ${subscriptions.planId}
                AND mine.user_id = ${userId}::uuid AND mine.status = 'pendente'))`,
          ),
        )
    },
  }
}
