import { defineModule } from '../../kernel/module.js'
import { createStoreLogo, type StoreLogo } from './store-logo.service.js'
import { storeRoutes } from './store.routes.js'
import { createStoreService, type StoreService } from './store.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** The owner's first hour: checklist and demo removal. */
    store: StoreService
    storeLogo: StoreLogo
  }
}

export const storeModule = defineModule({
  name: 'store',
  needs: ['settings', 'payments', 'products', 'orders', 'stamping', 'purchases'],
  provides: ['store', 'storeLogo'],
  build: ({ deps, log, events }, s) => ({
    store: createStoreService({
      settings: s.settings,
      payments: s.payments,
      products: s.products,
      orders: s.orders,
      stamping: s.stamping,
      purchases: s.purchases,
      storage: deps.storage,
      // The demo's orders left the figures: the best sellers are ranked again.
      salesChanged: () => void events.committed('sales.changed', { onlyPayments: false }),
      log,
    }),
    storeLogo: createStoreLogo({ storage: deps.storage, settings: s.settings }),
  }),
  routes: storeRoutes,
})
