import { defineModule } from '../../kernel/module.js'
import { startRecoveryJobs } from './recovery.jobs.js'
import { recoveryRoutes } from './recovery.routes.js'
import { createRecoveryService, type RecoveryService } from './recovery.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** The reminders of a PIX left unpaid. */
    recovery: RecoveryService
  }
}

export const recoveryModule = defineModule({
  name: 'recovery',
  needs: ['settings', 'orders', 'messaging'],
  provides: ['recovery'],
  build: ({ db, deps, log }, { settings, orders, messaging }) => ({
    recovery: createRecoveryService({
      db,
      settings,
      orders,
      reminders: messaging.reminders,
      log,
      now: deps.now,
    }),
  }),
  routes: recoveryRoutes,
  jobs: startRecoveryJobs,
})
