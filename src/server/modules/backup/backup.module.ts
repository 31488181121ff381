import { defineModule } from '../../kernel/module.js'
import { startBackupJobs } from './backup.jobs.js'
import { backupRoutes } from './backup.routes.js'
import { createBackupService, type BackupService } from './backup.service.js'
import { createRestoreService, type RestoreService } from './restore.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** Scheduled, verified backups and their copies. */
    backups: BackupService
    /** A backup restored from the Backup tab, the store in maintenance meanwhile. */
    restores: RestoreService
  }
}

declare module '../../kernel/events.js' {
  interface DomainEvents {
    /** The database was replaced by a backup's: whatever is kept in memory is read again. */
    'store.restored': Record<string, never>
  }
}

export const backupModule = defineModule({
  name: 'backup',
  needs: ['settings', 'payments'],
  provides: ['backups', 'restores'],
  // Scheduled backups through this server's own connection (on PGlite, the only one).
  build: ({ deps, log, events }, { settings, payments }) => ({
    restores: createRestoreService({
      database: deps.database,
      config: deps.config,
      log,
      restored: () => events.committed('store.restored', {}),
    }),
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
