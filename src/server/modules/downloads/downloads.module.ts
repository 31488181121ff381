import { defineModule } from '../../kernel/module.js'
import { downloadsRoutes } from './downloads.routes.js'
import { createDownloadsService, type DownloadsService } from './downloads.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    downloads: DownloadsService
  }
}

/** A purchase's files served within its quota, stamped copies first. */
export const downloadsModule = defineModule({
  name: 'downloads',
  needs: ['settings', 'limiter', 'products', 'purchases', 'orders', 'stamping'],
  provides: ['downloads'],
  build: ({ deps }, { settings, limiter, products, purchases, orders, stamping }) => ({
    downloads: createDownloadsService({
      storage: deps.storage,
      settings,
      limiter,
      products,
      purchases,
      orders,
      stamping,
      secret: deps.config.sessionSecret,
    }),
  }),
  routes: downloadsRoutes,
})
