import type { App } from '../../app-types.js'
import { startIntervalJob } from '../../lib/interval-job.js'

const RETENTION_EVERY_MS = 6 * 60 * 60 * 1000

/**
 * The retention jobs (decision 015), every six hours, and at start when six hours have passed
 * since the last run on any instance; each is an idempotent statement that changes a row once.
 */
export function startPrivacyJobs(app: App) {
  const job = startIntervalJob({
    name: 'privacy-retention',
    everyMs: RETENTION_EVERY_MS,
    ledger: app.services.scheduledJobs,
    run: () => app.services.privacy.applyRetention(),
    log: app.log,
  })
  app.addHook('onClose', () => job.stop())
}
