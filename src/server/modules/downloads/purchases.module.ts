import { defineModule } from '../../kernel/module.js'
import { orderEffectHandlers } from '../orders/orders.service.js'
import { createPurchasesService, type PurchasesService } from './purchases.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** What each buyer may download: granted when an order is paid, revoked when it closes. */
    purchases: PurchasesService
  }
}

/**
 * The purchases, apart from the downloads that serve them: the modules handling a payment
 * after its grants (canva, stamping, the clube) need these, and the downloads need them.
 */
export const purchasesModule = defineModule({
  name: 'purchases',
  needs: ['settings', 'orderReads'],
  provides: ['purchases'],
  build: ({ db }, { settings, orderReads }) => ({
    purchases: createPurchasesService({ db, settings, paidAmong: orderReads.paidAmong }),
  }),
  // First of every order handler: the others read the purchases a payment granted.
  handles: ({ purchases }) => orderEffectHandlers(purchases.orderEffects),
})
