import { defineModule } from '../../kernel/module.js'
import { orderEffectHandlers } from '../orders/orders.service.js'
import { cartRoutes } from './cart.routes.js'
import { createCartService, type CartService } from './cart.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    cart: CartService
  }
}

export const cartModule = defineModule({
  name: 'cart',
  needs: ['catalog'],
  provides: ['cart'],
  build: ({ db }, { catalog }) => ({ cart: createCartService(db, catalog) }),
  // What a paid order bought leaves the buyer's cart in the same transaction.
  handles: ({ cart }) =>
    orderEffectHandlers(cart.orderEffects, { after: ['purchases', 'subscriptions'] }),
  routes: cartRoutes,
})
