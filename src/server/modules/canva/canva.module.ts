import { defineModule } from '../../kernel/module.js'
import { orderEffectHandlers } from '../orders/orders.service.js'
import { canvaLinksRoutes } from './canva-links.routes.js'
import { createCanvaLinksService, type CanvaLinksService } from './canva-links.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    canvaLinks: CanvaLinksService
  }
}

/** Canva template links: one per purchase of a Canva product, opened through the store. */
export const canvaModule = defineModule({
  name: 'canva',
  needs: ['products', 'purchases', 'orderReads'],
  provides: ['canvaLinks'],
  build: ({ db }, { products, purchases, orderReads }) => ({
    canvaLinks: createCanvaLinksService({ db, products, purchases, orders: orderReads }),
  }),
  // A link per purchase: after the purchases, the clube's included.
  handles: ({ canvaLinks }) =>
    orderEffectHandlers(canvaLinks.orderEffects, { after: ['purchases', 'subscriptions'] }),
  routes: canvaLinksRoutes,
})
