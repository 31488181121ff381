import { defineModule } from '../../kernel/module.js'
import { startGuestAccessJobs } from './guest-access.jobs.js'
import { guestAccessRoutes } from './guest-access.routes.js'
import { createGuestAccessService, type GuestAccessService } from './guest-access.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    guestAccess: GuestAccessService
  }
}

/** A guest finds her orders by e-mail and WhatsApp, and opens them from the e-mailed link. */
export const guestAccessModule = defineModule({
  name: 'guest-access',
  needs: ['limiter', 'messaging', 'orderReads'],
  provides: ['guestAccess'],
  build: ({ db, log, deps }, { limiter, messaging, orderReads }) => ({
    guestAccess: createGuestAccessService({
      db,
      limiter,
      mail: messaging.mail,
      hasOrders: orderReads.hasOrdersOf,
      log,
      now: deps.now,
    }),
  }),
  routes: guestAccessRoutes,
  jobs: startGuestAccessJobs,
  close: ({ guestAccess }) => guestAccess.drain(),
})
