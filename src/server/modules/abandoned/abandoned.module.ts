import { defineModule } from '../../kernel/module.js'
import { startAbandonedJobs } from './abandoned.jobs.js'
import { abandonedRoutes } from './abandoned.routes.js'
import { createAbandonedService, type AbandonedService } from './abandoned.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** Checkouts left half-way: the draft, and its one reminder (with consent only). */
    abandoned: AbandonedService
  }
}

export const abandonedModule = defineModule({
  name: 'abandoned',
  needs: ['settings', 'products', 'orderReads', 'cart', 'newsletter', 'messaging'],
  provides: ['abandoned'],
  build: ({ db, log, deps }, s) => ({
    abandoned: createAbandonedService({
      db,
      log,
      settings: s.settings,
      products: s.products,
      orders: s.orderReads,
      cart: s.cart,
      newsletter: s.newsletter.subscribers,
      mail: s.messaging.mail,
      now: deps.now,
    }),
  }),
  routes: abandonedRoutes,
  jobs: startAbandonedJobs,
})
