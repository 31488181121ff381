import type { FastifyBaseLogger } from 'fastify'
import type { App } from '../../app.js'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import type { AccountsService } from '../accounts/accounts.service.js'
import { cartRoutes } from '../cart/cart.routes.js'
import type { CartService } from '../cart/cart.service.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import { startOrderJobs } from '../orders/order-jobs.js'
import type { OrderNotices } from '../orders/order-notices.js'
import { ordersRoutes } from '../orders/orders.routes.js'
import { createOrdersService } from '../orders/orders.service.js'
import { paymentsRoutes } from '../payments/payments.routes.js'
import { createPaymentsService } from '../payments/payments.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import { createCardCheckoutService } from './card-checkout.service.js'
import { checkoutRoutes } from './checkout.routes.js'
import { createCheckoutService } from './checkout.service.js'

/** Orders, payments and checkout (issue 3) over the cart service, wired once for app.ts. */
export function createCommerceServices(deps: {
  db: Db
  cart: CartService
  config: Config
  settings: SettingsService
  catalog: CatalogService
  accounts: AccountsService
  log: FastifyBaseLogger
  notices?: OrderNotices
}) {
  const { db, cart, config, settings, catalog, accounts, log, notices } = deps
  const orders = createOrdersService(db, { settings, catalog, log, notices })
  const payments = createPaymentsService({ config, settings, orders, log })
  const checkoutDeps = { db, cart, catalog, accounts, orders, payments, log }
  const checkout = createCheckoutService(checkoutDeps)
  const cardCheckout = createCardCheckoutService({ ...checkoutDeps, settings })
  return { orders, payments, checkout, cardCheckout }
}

export function commerceRoutes(app: App, opts: { backgroundJobs: boolean }) {
  cartRoutes(app)
  checkoutRoutes(app)
  ordersRoutes(app)
  paymentsRoutes(app)
  if (opts.backgroundJobs) startOrderJobs(app)
  const { accessToken, webhookSecret } = app.deps.config.mercadoPago
  if (accessToken && !webhookSecret) {
    app.log.warn(
      'MERCADOPAGO_WEBHOOK_SECRET not set: webhooks are refused, payments are found by the re-check every minute',
    )
  }
}
