import { defineModule } from '../../kernel/module.js'
import { orderEffectHandlers } from '../orders/orders.service.js'
import { clubeOrdersWith } from '../subscriptions/subscriptions.service.js'
import { refundsRoutes } from './refunds.routes.js'
import { createRefundsService, refundOrderEffects, type RefundsService } from './refunds.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    refunds: RefundsService
  }
}

/** The buyer's request within 7 days and the owner's 'Reembolsar', through the order's provider. */
export const refundsModule = defineModule({
  name: 'refunds',
  needs: ['orders', 'payments', 'purchases', 'canvaLinks'],
  provides: ['refunds'],
  build: ({ db, log, nowMs }, { orders, payments, purchases, canvaLinks }) => ({
    refunds: createRefundsService({
      db,
      orders,
      payments,
      purchases,
      canvaLinks,
      usedWith: (orderId) => clubeOrdersWith(db, orderId),
      log,
      now: nowMs,
    }),
  }),
  // A refund made by any path settles the buyer's request still under review.
  handles: () =>
    orderEffectHandlers(refundOrderEffects(), { after: ['purchases', 'subscriptions'] }),
  routes: refundsRoutes,
})
