import { defineModule } from '../../kernel/module.js'
import { orderEffectHandlers } from '../orders/orders.service.js'
import { startStampingJobs } from './stamping-job.js'
import { stampingRoutes } from './stamping.routes.js'
import { createStampingService, type StampingService } from './stamping.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    stamping: StampingService
  }
}

/** Each buyer's PDFs stamped with her name, in the background, as the order is paid. */
export const stampingModule = defineModule({
  name: 'stamping',
  needs: ['products', 'purchases', 'orderReads'],
  provides: ['stamping'],
  build: ({ db, deps, log, nowMs }, { products, purchases, orderReads }) => ({
    stamping: createStampingService({
      db,
      storage: deps.storage,
      config: deps.config,
      log,
      products,
      purchases,
      orders: orderReads,
      now: nowMs,
    }),
  }),
  // A copy per purchase: after the purchases (the clube's included) and, on the receipt, after
  // the Canva links.
  handles: ({ stamping }) =>
    orderEffectHandlers(stamping.orderEffects, { after: ['purchases', 'subscriptions', 'canva'] }),
  routes: stampingRoutes,
  jobs: (app) => {
    const jobs = startStampingJobs(app.services.stamping, app.log)
    app.addHook('onClose', async () => void (await jobs.stop()))
  },
})
