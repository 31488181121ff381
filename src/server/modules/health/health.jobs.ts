import type { App } from '../../app-types.js'
import { startIntervalJob } from '../../lib/interval-job.js'

export const HEALTH_EVERY_MS = 5 * 60 * 1000

/** The health checks every five minutes in each instance; the alert rows keep e-mails single. */
export function startHealthJobs(app: App) {
  const job = startIntervalJob({
    name: 'store-health',
    everyMs: HEALTH_EVERY_MS,
    // At start too: an update that left a problem (a migration waiting) is told at once.
    runAtStart: true,
    run: () => app.services.health.evaluate(),
    log: app.log,
  })
  app.addHook('onClose', async () => {
    await job.stop()
  })
}
