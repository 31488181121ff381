import { pendingMigrations } from '../../backup/premigrate.js'
import { defineModule } from '../../kernel/module.js'
import { startHealthJobs } from './health.jobs.js'
import { healthRoutes } from './health.routes.js'
import { createHealthService, type HealthService } from './health.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** 'Saúde da loja': the checks and the owner's alert e-mails. */
    health: HealthService
  }
}

export const healthModule = defineModule({
  name: 'health',
  needs: ['settings', 'backups', 'messaging', 'providerFailures'],
  provides: ['health'],
  build: ({ db, deps, log }, { settings, backups, messaging, providerFailures }) => ({
    health: createHealthService({
      db,
      settings,
      backups,
      messaging,
      providerFailures,
      pendingMigrations: () => pendingMigrations(deps.database),
      dataDir: deps.config.dataDir,
      log,
      now: deps.now,
    }),
  }),
  routes: healthRoutes,
  jobs: startHealthJobs,
})
