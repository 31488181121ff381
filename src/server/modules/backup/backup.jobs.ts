import type { App } from '../../app-types.js'
import { startIntervalJob } from '../../lib/interval-job.js'

export const BACKUP_TICK_MS = 60 * 1000

/**
 * The nightly backup's scheduler: each minute one instance looks whether the store's hour has
 * come; the day's row is claimed once whoever looks (backup.service.ts).
 */
export function startBackupJobs(app: App) {
  const job = startIntervalJob({
    name: 'scheduled-backup',
    everyMs: BACKUP_TICK_MS,
    ledger: app.services.scheduledJobs,
    run: () => app.services.backups.tick(),
    log: app.log,
  })
  app.addHook('onClose', async () => {
    await job.stop()
  })
}
