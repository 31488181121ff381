import type { App } from '../../app-types.js'
import { startIntervalJob } from '../../lib/interval-job.js'

const EVERY_MS = 60 * 60 * 1000

/** Review requests that came due are written hourly (each once: see review-requests.ts). */
export function startReviewJobs(app: App) {
  const job = startIntervalJob({
    name: 'review-requests',
    everyMs: EVERY_MS,
    ledger: app.services.scheduledJobs,
    run: () => app.services.reviews.sendDueRequests(),
    log: app.log,
  })
  app.addHook('onClose', () => job.stop())
}
