import { defineModule } from '../../kernel/module.js'
import { startProductUpdateJobs } from './product-updates.jobs.js'
import { productUpdatesRoutes } from './product-updates.routes.js'
import {
  createProductUpdatesService,
  type ProductUpdatesService,
} from './product-updates.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** 'Avisar compradores': a new version of a product's files told to its buyers. */
    productUpdates: ProductUpdatesService
  }
}

export const productUpdatesModule = defineModule({
  name: 'product-updates',
  needs: ['settings', 'products', 'purchases', 'orderReads', 'stamping', 'messaging'],
  provides: ['productUpdates'],
  build: ({ db, log, deps }, s) => ({
    productUpdates: createProductUpdatesService({
      db,
      log,
      settings: s.settings,
      products: s.products,
      purchases: s.purchases,
      orders: s.orderReads,
      stamping: s.stamping,
      messaging: s.messaging,
      now: deps.now,
    }),
  }),
  routes: productUpdatesRoutes,
  jobs: startProductUpdateJobs,
})
