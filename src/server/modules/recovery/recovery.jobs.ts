import type { App } from '../../app-types.js'
import { startIntervalJob } from '../../lib/interval-job.js'

export const REMIND_EVERY_MS = 60 * 1000

/** The PIX reminders, every minute (off in the settings: each run reads them and stops there). */
export function startRecoveryJobs(app: App) {
  const job = startIntervalJob({
    name: 'recovery-reminders',
    everyMs: REMIND_EVERY_MS,
    ledger: app.services.scheduledJobs,
    run: () => app.services.recovery.runDue(),
    log: app.log,
  })
  app.addHook('onClose', () => job.stop())
}
