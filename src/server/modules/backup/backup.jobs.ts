import type { App } from '../../app-types.js'
import { startIntervalJob } from '../../lib/interval-job.js'

export const BACKUP_TICK_MS = 60 * 1000

/**
 * The nightly backup's scheduler: every instance looks each minute whether the store's hour
 * has come; the day's row is claimed by one of them (backup.service.ts), the rest do nothing.
 */
export function startBackupJobs(app: App) {
  const job = startIntervalJob({
    name: 'scheduled-backup',
    everyMs: BACKUP_TICK_MS,
    run: () => app.services.backups.tick(),
    log: app.log,
  })
  app.addHook('onClose', async () => {
    await job.stop()
  })
}
