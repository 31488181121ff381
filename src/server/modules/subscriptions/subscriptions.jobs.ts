import type { App } from '../../app-types.js'
import { startIntervalJob } from '../../lib/interval-job.js'

export const RENEW_EVERY_MS = 5 * 60 * 1000

/** The clube's renewals, lateness and pauses, every 5 minutes on one instance (each once). */
export function startSubscriptionJobs(app: App) {
  const job = startIntervalJob({
    name: 'subscription-renewals',
    everyMs: RENEW_EVERY_MS,
    ledger: app.services.scheduledJobs,
    run: () => app.services.subscriptions.runDue(),
    log: app.log,
  })
  app.addHook('onClose', () => job.stop())
}
