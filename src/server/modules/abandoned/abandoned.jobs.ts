import type { App } from '../../app-types.js'
import { startIntervalJob } from '../../lib/interval-job.js'

/** Quiet drafts are looked at every minute (their reminder is due `abandoned_minutes` after). */
const EVERY_MS = 60_000
const PURGE_EVERY_MS = 60 * 60 * 1000

export function startAbandonedJobs(app: App) {
  const remind = startIntervalJob({
    name: 'abandoned-checkouts',
    everyMs: EVERY_MS,
    ledger: app.services.scheduledJobs,
    run: () => app.services.abandoned.runDue(),
    log: app.log,
  })
  const purge = startIntervalJob({
    name: 'purge-checkout-drafts',
    everyMs: PURGE_EVERY_MS,
    ledger: app.services.scheduledJobs,
    run: () => app.services.abandoned.purge(),
    log: app.log,
  })
  app.addHook('onClose', () => Promise.all([remind.stop(), purge.stop()]).then(() => undefined))
}
