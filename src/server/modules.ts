/**
 * The store's modules. Adding one is adding its definition here: its services, routes, jobs
 * and the events it handles are all in its own folder (kernel/module.ts). Routes are
 * registered in this order (the pages last: they answer what no other route does); services
 * are built in the order of what each needs, whatever their place here.
 */
import type { AnyModule } from './kernel/module.js'
import { abandonedModule } from './modules/abandoned/abandoned.module.js'
import { accountsModule } from './modules/accounts/accounts.module.js'
import { adminModule } from './modules/admin/admin.module.js'
import { adsModule } from './modules/ads/ads.module.js'
import { analyticsModule } from './modules/analytics/analytics.module.js'
import { backupModule } from './modules/backup/backup.module.js'
import { bnccModule } from './modules/bncc/bncc.module.js'
import { canvaModule } from './modules/canva/canva.module.js'
import { cartModule } from './modules/cart/cart.module.js'
import { catalogModule } from './modules/catalog/catalog.module.js'
import { checkoutModule } from './modules/checkout/checkout.module.js'
import { contactModule } from './modules/contact/contact.module.js'
import { couponsModule } from './modules/coupons/coupons.module.js'
import { customerModule } from './modules/customer/customer.module.js'
import { downloadsModule } from './modules/downloads/downloads.module.js'
import { purchasesModule } from './modules/downloads/purchases.module.js'
import { favoritesModule } from './modules/favorites/favorites.module.js'
import { guestAccessModule } from './modules/guest-access/guest-access.module.js'
import { healthModule } from './modules/health/health.module.js'
import { providerFailuresModule } from './modules/health/provider-failures.module.js'
import { invoicesModule } from './modules/invoices/invoices.module.js'
import { messagingModule } from './modules/messaging/messaging.module.js'
import { newsletterModule } from './modules/newsletter/newsletter.module.js'
import { ordersModule } from './modules/orders/orders.module.js'
import { paymentsModule } from './modules/payments/payments.module.js'
import { previewsModule } from './modules/previews/previews.module.js'
import { privacyModule } from './modules/privacy/privacy.module.js'
import { productUpdatesModule } from './modules/product-updates/product-updates.module.js'
import { productsModule } from './modules/products/products.module.js'
import { recoveryModule } from './modules/recovery/recovery.module.js'
import { refundsModule } from './modules/refunds/refunds.module.js'
import { reviewsModule } from './modules/reviews/reviews.module.js'
import { settingsModule } from './modules/settings/settings.module.js'
import { stampingModule } from './modules/stamping/stamping.module.js'
import { storeModule } from './modules/store/store.module.js'
import { subscriptionsModule } from './modules/subscriptions/subscriptions.module.js'
import { systemModule } from './modules/system/system.module.js'
import { termsModule } from './modules/terms/terms.module.js'
import { webModule } from './modules/web/web.module.js'

export const MODULES: readonly AnyModule[] = [
  systemModule,
  settingsModule,
  termsModule,
  messagingModule,
  ordersModule,
  purchasesModule,
  accountsModule,
  customerModule,
  downloadsModule,
  guestAccessModule,
  catalogModule,
  bnccModule,
  cartModule,
  checkoutModule,
  paymentsModule,
  providerFailuresModule,
  adminModule,
  backupModule,
  healthModule,
  productsModule,
  couponsModule,
  canvaModule,
  stampingModule,
  previewsModule,
  privacyModule,
  refundsModule,
  storeModule,
  invoicesModule,
  contactModule,
  recoveryModule,
  subscriptionsModule,
  analyticsModule,
  adsModule,
  reviewsModule,
  favoritesModule,
  productUpdatesModule,
  newsletterModule,
  abandonedModule,
  webModule,
]
