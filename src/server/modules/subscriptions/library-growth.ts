import { and, eq, gt, inArray } from 'drizzle-orm'
import { GRANTING_CYCLES } from './clube-grants.js'
import { grantedProducts } from './plans.service.js'
import type { SubscriptionsDeps } from './subscription-deps.js'
import { plans, subscriptionCycles, subscriptions } from './subscriptions.tables.js'

/** While her period is open she keeps what it opened; a cancelled one runs to its end. */
const OPEN = ['ativa', 'cancelada'] as const

/**
 * The library grows as the clube's screens say: a material that goes on sale in what a plan
 * opens (its category, or every material) reaches each subscriber whose period is open at once,
 * with the plan's downloads, as a purchase of that period's order, the one a payment grants
 * (clube-grants.ts). Revoking still follows the order. Run after every product change and by
 * the renewal job, which catches a change whose handler never ran (a crash after the commit);
 * the purchases' unique (order line, product) makes either run twice harmless.
 */
export function libraryGrowth(
  deps: Pick<SubscriptionsDeps, 'db' | 'orders' | 'purchases' | 'onSale' | 'now'>,
) {
  const { db } = deps

  return {
    /** `productIds`: only these changed (a product write); none given: every material. Answers how many were granted. */
    async grantNewMaterials(productIds?: number[]): Promise<number> {
      const onSale = await deps.onSale()
      const changed = productIds && new Set(productIds)
      if (changed && !onSale.some((p) => changed.has(p.id))) return 0
      const open = await db
        .select({ sub: subscriptions, plan: plans })
        .from(subscriptions)
        .innerJoin(plans, eq(plans.id, subscriptions.planId))
        .where(
          and(inArray(subscriptions.status, OPEN), gt(subscriptions.currentPeriodEnd, deps.now())),
        )
      if (open.length === 0) return 0
      const cycles = await db
        .select()
        .from(subscriptionCycles)
        .where(
          and(
            inArray(
              subscriptionCycles.subscriptionId,
              open.map((o) => o.sub.id),
            ),
            inArray(subscriptionCycles.status, GRANTING_CYCLES),
          ),
        )
      // The period's order: the subscription's latest granting cycle (older ones were revoked).
      const latest = new Map<string, (typeof cycles)[number]>()
      for (const c of cycles) {
        const seen = latest.get(c.subscriptionId)
        if (c.orderId && (!seen || c.cycle > seen.cycle)) latest.set(c.subscriptionId, c)
      }
      const orderIds = [...latest.values()].map((c) => c.orderId!)
      const paid = await deps.orders.paidAmong(orderIds)
      const held = new Map<string, Set<number>>()
      for (const p of await deps.purchases.liveOf({ orderIds })) {
        held.set(p.orderId, (held.get(p.orderId) ?? new Set()).add(p.productId))
      }
      let granted = 0
      for (const { sub, plan } of open) {
        const orderId = latest.get(sub.id)?.orderId
        if (!orderId || !paid.has(orderId)) continue
        const has = held.get(orderId) ?? new Set<number>()
        const missing = grantedProducts(plan.grants, onSale)
          .map((p) => p.id)
          .filter((id) => !has.has(id) && (!changed || changed.has(id)))
        if (missing.length === 0) continue
        const order = await deps.orders.find(orderId)
        const line = (await deps.orders.lines(orderId)).find((l) => l.planId !== null)
        if (!order || !line) continue
        await deps.purchases.grantClube(db, {
          orderId,
          orderItemId: line.id,
          userId: sub.userId ?? order.userId,
          customerEmail: order.customerEmail,
          productIds: missing,
          downloads: plan.downloadsPerMaterial,
        })
        granted += missing.length
      }
      return granted
    },
  }
}
