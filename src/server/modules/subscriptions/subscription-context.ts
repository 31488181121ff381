import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { centsToDecimal } from '../../../contracts/money.js'
import type { SubscriptionView } from '../../../contracts/subscriptions.js'
import type { Db } from '../../db/client.js'
import type { SubscriptionRow } from './clube-grants.js'
import { cycleOrders } from './cycle-orders.js'
import { createPixAutomatico } from './pix-automatico.js'
import type { PlanRow } from './plans.service.js'
import { days } from './subscription-periods.js'
import { notFound, WITHDRAWAL_DAYS, type SubscriptionsDeps } from './subscription-deps.js'
import { subscriptionCycles, subscriptions } from './subscriptions.tables.js'

/**
 * What the parts of the subscriptions service share: its deps, the subscription's rows (found,
 * moved from one status to another once, its last cycle), the subscriber's view of one, the
 * cycles' orders (cycle-orders.ts) and the PIX Automático (pix-automatico.ts).
 */
export function subscriptionContext(deps: SubscriptionsDeps) {
  const { db, plans } = deps
  const automatico = createPixAutomatico(deps)

  async function find(id: string): Promise<SubscriptionRow> {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id))
    if (!row) throw notFound()
    return row
  }

  function view(
    sub: SubscriptionRow,
    plan: PlanRow,
    clubeOrderId: string | null = null,
  ): SubscriptionView {
    const until = sub.firstPaidAt
      ? new Date(sub.firstPaidAt.getTime() + days(WITHDRAWAL_DAYS))
      : null
    const canWithdraw =
      until !== null && until > deps.now() && !['encerrada', 'pendente'].includes(sub.status)
    return {
      id: sub.id,
      planId: sub.planId,
      planName: plan.name,
      status: sub.status,
      method: sub.method,
      price: centsToDecimal(sub.priceCents),
      interval: plan.interval,
      currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
      withdrawableUntil: canWithdraw ? until.toISOString() : null,
      nextPrice: sub.nextPriceCents === null ? null : centsToDecimal(sub.nextPriceCents),
      clubeOrderId,
    }
  }

  async function viewOf(sub: SubscriptionRow) {
    const plan = (await plans.all()).find((p) => p.id === sub.planId)
    return view(sub, plan ?? ({ name: 'Plano removido', interval: 'month' } as PlanRow))
  }

  /** Moves `sub` from one status to another once (a conditional UPDATE), with `then` in its tx. */
  async function move(
    sub: SubscriptionRow,
    from: SubscriptionRow['status'][],
    to: SubscriptionRow['status'],
    then: (tx: Db, row: SubscriptionRow) => Promise<void>,
    extra: Partial<typeof subscriptions.$inferInsert> = {},
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(subscriptions)
        .set({ status: to, updatedAt: sql`now()`, ...extra })
        .where(and(eq(subscriptions.id, sub.id), inArray(subscriptions.status, from)))
        .returning()
      if (!row) return false
      await then(tx, row)
      return true
    })
  }

  async function lastCycle(subscriptionId: string) {
    const [row] = await db
      .select()
      .from(subscriptionCycles)
      .where(eq(subscriptionCycles.subscriptionId, subscriptionId))
      .orderBy(desc(subscriptionCycles.cycle))
      .limit(1)
    return row ?? null
  }

  return { deps, automatico, find, view, viewOf, move, lastCycle, ...cycleOrders(deps) }
}

export type SubscriptionContext = ReturnType<typeof subscriptionContext>
