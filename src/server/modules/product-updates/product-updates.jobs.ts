import type { App } from '../../app-types.js'
import { startIntervalJob } from '../../lib/interval-job.js'

const EVERY_MS = 30_000

/** Announced material updates are walked in batches (each claimed: one instance at a time). */
export function startProductUpdateJobs(app: App) {
  const job = startIntervalJob({
    name: 'material-updates',
    everyMs: EVERY_MS,
    ledger: app.services.scheduledJobs,
    run: () => app.services.productUpdates.runDue(),
    log: app.log,
  })
  app.addHook('onClose', () => job.stop())
}
