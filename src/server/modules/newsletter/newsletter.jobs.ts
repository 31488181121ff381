import type { App } from '../../app-types.js'
import { startIntervalJob } from '../../lib/interval-job.js'

/** A minute: the pace `newsletter_per_minute` is counted in. */
const EVERY_MS = 60_000

/** Sends under way get their next batch (each claimed: one instance at a time). */
export function startNewsletterJobs(app: App) {
  const job = startIntervalJob({
    name: 'newsletters',
    everyMs: EVERY_MS,
    ledger: app.services.scheduledJobs,
    run: () => app.services.newsletter.runDue(),
    log: app.log,
  })
  app.addHook('onClose', () => job.stop())
}
