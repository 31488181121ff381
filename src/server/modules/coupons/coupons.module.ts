import { defineModule } from '../../kernel/module.js'
import { orderEffectHandlers } from '../orders/orders.service.js'
import { couponsRoutes } from './coupons.routes.js'
import { createCouponsService, type CouponsService } from './coupons.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    coupons: CouponsService
  }
}

export const couponsModule = defineModule({
  name: 'coupons',
  needs: ['orderReads'],
  provides: ['coupons'],
  build: ({ db, deps }, { orderReads }) => ({
    coupons: createCouponsService(db, { paidAmong: orderReads.paidAmong, now: deps.now }),
  }),
  // A cancelled order gives its coupon's use back, once.
  handles: ({ coupons }) =>
    orderEffectHandlers(coupons.orderEffects, { after: ['purchases', 'subscriptions'] }),
  routes: couponsRoutes,
})
