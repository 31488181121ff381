import { defineModule } from '../../kernel/module.js'
import { createCardCheckoutService, type CardCheckoutService } from './card-checkout.service.js'
import { checkoutRoutes } from './checkout.routes.js'
import { createCheckoutService, type CheckoutService } from './checkout.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    checkout: CheckoutService
    cardCheckout: CardCheckoutService
  }
}

/** The cart turned into an order and its charge: PIX, or a card with Mercado Pago. */
export const checkoutModule = defineModule({
  name: 'checkout',
  needs: [
    'cart',
    'catalog',
    'accounts',
    'orders',
    'payments',
    'coupons',
    'limiter',
    'terms',
    'settings',
  ],
  provides: ['checkout', 'cardCheckout'],
  build: ({ log }, s) => {
    const { cart, catalog, accounts, orders, payments, coupons, limiter, terms } = s
    const deps = { cart, catalog, accounts, orders, payments, coupons, limiter, log, terms }
    return {
      checkout: createCheckoutService(deps),
      cardCheckout: createCardCheckoutService({ ...deps, settings: s.settings }),
    }
  },
  routes: checkoutRoutes,
})
