import { defineModule } from '../../kernel/module.js'
import { startBackupJobs } from './backup.jobs.js'
import { backupRoutes } from './backup.routes.js'
import { createBackupService, type BackupService } from './backup.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** Scheduled, verified backups and their copies. */
    backups: BackupService
  }
}

export const backupModule = defineModule({
  name: 'backup',
  needs: ['settings', 'payments'],
  provides: ['backups'],
  // Scheduled backups through this server's own connection (on PGlite, the only one).
  build: ({ deps, log }, { settings, payments }) => ({
    backups: createBackupService({
      source: { database: deps.database, storage: deps.storage, config: deps.config },
      config: deps.config,
      settings,
      paymentMode: () => payments.providers.mode(),
      log,
      now: deps.now,
    }),
  }),
  routes: backupRoutes,
  jobs: startBackupJobs,
  close: ({ backups }) => backups.close(),
})
