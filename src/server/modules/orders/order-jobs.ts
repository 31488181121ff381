import type { App } from '../../app-types.js'
import { startIntervalJob } from '../../lib/interval-job.js'

export const CANCEL_STALE_EVERY_MS = 60 * 1000
export const RECHECK_PAYMENTS_EVERY_MS = 60 * 1000
export const RECHECK_REFUNDS_EVERY_MS = 30 * 60 * 1000

/**
 * The order timers: pending orders whose PIX ran out (pix_expiry_minutes) or past 24 h are
 * cancelled through the close path (every minute), and pending Mercado Pago payments are
 * re-checked every minute, because webhooks get lost; recently paid ones every 30 min, for
 * refunds and chargebacks. Each runs at start when due and once per interval across instances
 * (the ledger); a run that overlaps another is still safe: each moves an order only from the
 * status it saw.
 */
export function startOrderJobs(app: App) {
  const { orders, payments } = app.services
  const jobs = [
    startIntervalJob({
      name: 'cancel-stale-orders',
      everyMs: CANCEL_STALE_EVERY_MS,
      ledger: app.services.scheduledJobs,
      run: () => orders.cancelStale(),
      log: app.log,
    }),
  ]
  // Woovi is configured in /admin/config at any time: the pending sweep always runs (it asks
  // nothing when no remote provider is set up).
  jobs.push(
    startIntervalJob({
      name: 'recheck-pending-payments',
      everyMs: RECHECK_PAYMENTS_EVERY_MS,
      ledger: app.services.scheduledJobs,
      run: () => payments.recheckPending(),
      log: app.log,
    }),
  )
  // Always on: Asaas is chosen in /admin/config while the store runs (a cheap no-op without
  // Mercado Pago or Asaas).
  jobs.push(
    startIntervalJob({
      name: 'recheck-provider-refunds',
      everyMs: RECHECK_REFUNDS_EVERY_MS,
      ledger: app.services.scheduledJobs,
      run: () => payments.recheckPaid(),
      log: app.log,
    }),
  )
  app.addHook('onClose', async () => {
    await Promise.all(jobs.map((job) => job.stop()))
  })
}
