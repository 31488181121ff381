import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm'
import { centsToDecimal } from '../../../contracts/money.js'
import type {
  AdminSubscription,
  ClubeFigures,
  SubscriptionView,
} from '../../../contracts/subscriptions.js'
import { clubeFigures } from './clube-figures.js'
import { GRANTING_CYCLES } from './clube-grants.js'
import { LIVE_STATUSES, type PlanRow } from './plans.service.js'
import type { SubscriptionContext } from './subscription-context.js'
import { subscriptionCycles, subscriptions } from './subscriptions.tables.js'

/** The subscriptions as read: hers, the admin's list, and the clube's figures. */
export function subscriptionReads(ctx: SubscriptionContext) {
  const { deps, view } = ctx
  const { db, plans } = deps

  return {
    /** Her subscriptions (the account's, or those of the e-mail she proved). */
    async mine(owner: { userId: string } | { email: string }): Promise<SubscriptionView[]> {
      const rows = await db
        .select()
        .from(subscriptions)
        .where(
          'userId' in owner
            ? eq(subscriptions.userId, owner.userId)
            : eq(subscriptions.email, owner.email.toLowerCase()),
        )
        .orderBy(desc(subscriptions.createdAt))
      const all = await plans.all()
      // The latest granting cycle (paid, or a free period) of each subscription still opening
      // materials: 'Meus materiais' shows that order's purchases as the clube's.
      const opening = rows.filter((s) => (LIVE_STATUSES as readonly string[]).includes(s.status))
      const paid = opening.length
        ? await db
            .select({ id: subscriptionCycles.subscriptionId, orderId: subscriptionCycles.orderId })
            .from(subscriptionCycles)
            .where(
              and(
                inArray(
                  subscriptionCycles.subscriptionId,
                  opening.map((s) => s.id),
                ),
                inArray(subscriptionCycles.status, GRANTING_CYCLES),
                isNotNull(subscriptionCycles.orderId),
              ),
            )
            .orderBy(asc(subscriptionCycles.cycle))
        : []
      const grantOrder = new Map(paid.map((c) => [c.id, c.orderId]))
      return rows.map((s) =>
        view(
          s,
          all.find((p) => p.id === s.planId) ?? ({ name: 'Plano', interval: 'month' } as PlanRow),
          grantOrder.get(s.id) ?? null,
        ),
      )
    },

    /** GET /api/admin/subscriptions, newest first, each with its cycles. */
    async adminList(): Promise<AdminSubscription[]> {
      const rows = await db.select().from(subscriptions).orderBy(desc(subscriptions.createdAt))
      const cycles = rows.length
        ? await db
            .select()
            .from(subscriptionCycles)
            .where(
              inArray(
                subscriptionCycles.subscriptionId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(subscriptionCycles.cycle))
        : []
      const all = await plans.all()
      return rows.map((s) => ({
        id: s.id,
        planId: s.planId,
        planName: all.find((p) => p.id === s.planId)?.name ?? 'Plano removido',
        email: s.email,
        customerName: s.customerName,
        status: s.status,
        currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
        method: s.method,
        price: centsToDecimal(s.priceCents),
        createdAt: s.createdAt.toISOString(),
        cycles: cycles
          .filter((c) => c.subscriptionId === s.id)
          .map((c) => ({
            cycle: c.cycle,
            orderId: c.orderId,
            amount: centsToDecimal(c.amountCents),
            status: c.status,
          })),
      }))
    },

    /** MRR, new and cancelled per month, churn: the Clube tab's and the sales dashboard's. */
    async figures(): Promise<ClubeFigures> {
      const [rows, all] = await Promise.all([db.select().from(subscriptions), plans.all()])
      return clubeFigures(rows, all, deps.now())
    },
  }
}

export type SubscriptionReads = ReturnType<typeof subscriptionReads>
