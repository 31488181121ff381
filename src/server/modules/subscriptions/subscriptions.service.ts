import { abandonedTries } from './abandoned-tries.js'
import { cancelling } from './cancel-subscription.js'
import { libraryGrowth } from './library-growth.js'
import { ownerActions } from './owner-actions.js'
import { periodEnds } from './period-ends.js'
import { renewals } from './renewals.js'
import { subscribing } from './subscribe.js'
import { subscriptionContext } from './subscription-context.js'
import type { SubscriptionsDeps } from './subscription-deps.js'
import { subscriptionPersonalData } from './subscription-personal-data.js'
import { subscriptionReads } from './subscriptions-reads.js'

/** Which paid cycles' orders a refund of one cycle's order weighs (the refunds module asks). */
export { clubeOrdersWith } from './clube-grants.js'
export {
  DEBIT_DAYS_BEFORE,
  PRICE_NOTICE_DAYS,
  WITHDRAWAL_DAYS,
  type SubscriptionsDeps,
} from './subscription-deps.js'

/**
 * The clube's subscriptions, as other modules see them, made of its parts:
 * subscribing (subscribe.ts: the first cycle's order, paid like any order), the renewal job
 * (renewals.ts: each cycle's PIX or debit once across instances; period-ends.ts: a period
 * that ended unpaid is em atraso, then paused after `grace_days`), the subscriber's
 * cancellation and withdrawal (cancel-subscription.ts), the reads (subscriptions-reads.ts) and
 * the owner's actions (owner-actions.ts). The materials come and go with the paid cycles
 * (clube-grants.ts, handling the order events).
 */
export function createSubscriptionsService(deps: SubscriptionsDeps) {
  const ctx = subscriptionContext(deps)
  const reads = subscriptionReads(ctx)
  const renewing = renewals(ctx)
  const ending = periodEnds(ctx)
  const library = libraryGrowth(deps)
  const abandoned = abandonedTries(ctx)

  return {
    find: ctx.find,
    viewOf: ctx.viewOf,
    /** Export and erasure of her subscriptions (privacy module). */
    personalData: subscriptionPersonalData(deps.db),
    ...subscribing(ctx),
    ...cancelling(ctx),
    ...reads,
    ...ownerActions(ctx, reads),
    debitRefused: renewing.debitRefused,
    grantNewMaterials: library.grantNewMaterials,

    /**
     * The renewal job (every few minutes, every instance): next cycles' PIX, periods that ended
     * unpaid or cancelled, pauses after the grace, and tries of 'Assinar' left unpaid
     * (abandoned-tries.ts). Each step is a conditional write, so running it twice at once
     * changes nothing twice.
     */
    async runDue(): Promise<{
      charged: number
      late: number
      paused: number
      ended: number
      forgotten: number
    }> {
      const now = deps.now()
      const values = await deps.settings.all()
      const allPlans = await deps.plans.all()
      const charged = await renewing.chargeDue(now, values, allPlans)
      const { late, paused, ended } = await ending.endDue(now, values.grace_days)
      const { automatico } = ctx
      for (const sub of await automatico.pendingRevokes()) await automatico.revoke(sub)
      await library.grantNewMaterials()
      const forgotten = await abandoned.forgetDue(now)
      if (charged + late + paused + ended > 0) deps.mail.wake()
      return { charged, late, paused, ended, forgotten }
    },
  }
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>
