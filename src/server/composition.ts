import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'drizzle-orm'
import { createRateLimiter, MemoryCounterStore } from './http/rate-limit.js'
import { RedisCounterStore } from './http/rate-limit-redis.js'
import type { Redis } from './lib/redis.js'
import {
  localChangeSignal,
  postgresChangeSignal,
  redisChangeSignal,
  type ChangeSignal,
} from './lib/change-signal.js'
import { createAccountsService } from './modules/accounts/accounts.service.js'
import { createEmailVerificationService } from './modules/accounts/email-verification.service.js'
import { createLoginService } from './modules/accounts/login.service.js'
import { createPasswordResetService } from './modules/accounts/password-reset.service.js'
import { RedisSessionStore } from './modules/accounts/redis-session-store.js'
import { DbSessionStore } from './modules/accounts/session-store.js'
import { createSessionService } from './modules/accounts/sessions.service.js'
import { createUserAdmin } from './modules/accounts/user-admin.service.js'
import { createAdminSettings } from './modules/admin/admin-settings.service.js'
import { createOrderStatusChanger } from './modules/admin/order-status.service.js'
import { createAdsService } from './modules/ads/ads.service.js'
import { createAdminReports } from './modules/admin/reports.read-model.js'
import { createFunnelService } from './modules/analytics/funnel.service.js'
import { createSalesReport } from './modules/analytics/sales.read-model.js'
import { createBnccService } from './modules/bncc/bncc.service.js'
import { createCanvaLinksService } from './modules/canva/canva-links.service.js'
import { createCartService } from './modules/cart/cart.service.js'
import { createCatalogService } from './modules/catalog/catalog.service.js'
import { createCardCheckoutService } from './modules/checkout/card-checkout.service.js'
import { createCheckoutService } from './modules/checkout/checkout.service.js'
import { createCouponsService } from './modules/coupons/coupons.service.js'
import { createCustomerService } from './modules/customer/customer.service.js'
import { createDownloadsService } from './modules/downloads/downloads.service.js'
import { createPurchasesService } from './modules/downloads/purchases.service.js'
import {
  accessTokenIssuer,
  createGuestAccessService,
} from './modules/guest-access/guest-access.service.js'
import { currentTermsText } from './modules/terms/current-terms.js'
import { createTermsService } from './modules/terms/terms.service.js'
import { createContactService } from './modules/contact/contact.service.js'
import { createInvoicesService } from './modules/invoices/invoices.service.js'
import { createMessagingService } from './modules/messaging/messaging.service.js'
import { createOrderReads, createOrdersService } from './modules/orders/orders.service.js'
import { createNotaProviders, createPaymentsService } from './modules/payments/payments.service.js'
import { createPrivacyService } from './modules/privacy/privacy.service.js'
import { createProductsService } from './modules/products/products.service.js'
import { createProductUpdatesService } from './modules/product-updates/product-updates.service.js'
import { createNewsletterService } from './modules/newsletter/newsletter.service.js'
import { createAbandonedService } from './modules/abandoned/abandoned.service.js'
import { createUploadJournal } from './modules/products/upload-journal.service.js'
import { createBackupService } from './modules/backup/backup.service.js'
import { pendingMigrations } from './backup/premigrate.js'
import { createHealthService } from './modules/health/health.service.js'
import { createProviderFailureLog } from './modules/health/provider-failure-log.js'
import { createRecoveryService } from './modules/recovery/recovery.service.js'
import { createRefundsService, refundOrderEffects } from './modules/refunds/refunds.service.js'
import { createReviewReads } from './modules/reviews/review-reads.js'
import { createReviewsService } from './modules/reviews/reviews.service.js'
import { createSettingsService } from './modules/settings/settings.service.js'
import { createStoreLogo } from './modules/store/store-logo.service.js'
import { createStoreService } from './modules/store/store.service.js'
import { createStampingService } from './modules/stamping/stamping.service.js'
import { createScheduledJobs } from './modules/system/scheduled-jobs.service.js'
import { clubeOrderEffects, clubeOrdersWith } from './modules/subscriptions/clube-grants.js'
import { createPlanImages } from './modules/subscriptions/plan-image.service.js'
import { createPlansService } from './modules/subscriptions/plans.service.js'
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service.js'
import type { Deps, Services } from './app-types.js'

/**
 * How instances sharing one database tell each other of changes to what they keep in memory
 * (decision 021): Redis pub/sub when the store has a Redis, else PostgreSQL's LISTEN/NOTIFY;
 * PGlite is one process, so nothing is sent.
 */
export function changeSignalFor(
  { database, config }: Deps,
  redis: Redis | null,
  log: FastifyBaseLogger,
): ChangeSignal {
  if (redis) return redisChangeSignal(redis, config.redisPrefix, log)
  if (database.kind === 'postgres' && config.databaseUrl) {
    return postgresChangeSignal(
      config.databaseUrl,
      (channel, payload) => database.db.execute(sql`SELECT pg_notify(${channel}, ${payload})`),
      log,
    )
  }
  return localChangeSignal()
}

/**
 * The composition root (decision 023): every module's service, built once, each after the
 * services it uses, so reading top to bottom is the order of wiring. No service is reached
 * before it is built. Where two modules need each other, the cycle is cut into a part built
 * first (the orders' reads, the guest access links) and a listener registered at the end,
 * here and nowhere else (no constructor registers a listener on another service).
 */
export function createServices(
  { database, storage, config, now, rateLimits }: Deps,
  redis: Redis | null,
  signal: ChangeSignal,
  log: FastifyBaseLogger,
): Services {
  const { db } = database
  const clockMs = now && (() => now().getTime())

  // Infrastructure and accounts: they use nothing else.
  const settings = createSettingsService(db, signal)
  const accounts = createAccountsService(db)
  const sessions = createSessionService(
    db,
    redis ? new RedisSessionStore(redis) : new DbSessionStore(db),
  )
  const limiter = createRateLimiter(
    redis ? new RedisCounterStore(redis) : new MemoryCounterStore(),
    rateLimits,
  )
  // The terms the checkout shows today (the owner's page_terms, filled in), versioned with
  // each order.
  const terms = createTermsService({
    db,
    currentTerms: async () => currentTermsText(await settings.all()),
  })
  const messaging = createMessagingService({
    db,
    settings,
    config,
    log,
    accessTokens: accessTokenIssuer(now),
    termsOf: (versionId, tx) => terms.textOf(versionId, tx),
  })

  // What the orders answer reading only: the modules the state machine runs effects of ask it.
  const orderReads = createOrderReads(db)

  const uploadJournal = createUploadJournal({ db, storage, tmpDir: config.tmpDir, log })
  const products = createProductsService({
    db,
    storage,
    config,
    journal: uploadJournal,
    hasSales: orderReads.hasSales,
  })
  // The stars on cards and product pages: read by the catalogue, written by reviews below.
  const reviewReads = createReviewReads(db)
  const catalog = createCatalogService(
    { products, unitsSold: orderReads.unitsSold, ratings: reviewReads.summaries },
    storage,
    signal,
  )
  const purchases = createPurchasesService({ db, settings, paidAmong: orderReads.paidAmong })
  const canvaLinks = createCanvaLinksService({ db, products, purchases, orders: orderReads })
  const cart = createCartService(db, catalog)
  const stamping = createStampingService({
    db,
    storage,
    config,
    log,
    products,
    purchases,
    orders: orderReads,
    now: clockMs,
  })
  const coupons = createCouponsService(db, { paidAmong: orderReads.paidAmong, now })
  // The clube's plans first: paying a cycle's order grants what its plan opens (an effect).
  const clock = now ?? (() => new Date())
  const plans = createPlansService({
    db,
    settings,
    onSale: () => catalog.listActive(),
    images: createPlanImages({ storage }),
    now: clock,
  })
  const reviews = createReviewsService({
    db,
    reads: reviewReads,
    purchases,
    orders: orderReads,
    products,
    settings,
    mail: messaging.mail,
    secret: config.sessionSecret,
    now,
  })

  // The ad platforms' conversion events, written with the payment (an order effect).
  const ads = createAdsService({
    db,
    settings,
    urls: config.ads,
    allowPrivate: config.allowPrivateIntegrations,
    log,
  })
  // The nota fiscal of each paid order: its row is written in the transaction that pays it.
  const invoices = createInvoicesService({
    db,
    settings,
    orders: orderReads,
    notas: createNotaProviders(config, settings),
    mail: messaging.mail,
    log,
    now,
  })

  // The state machine, with every effect it runs in the transaction that pays or closes.
  const orders = createOrdersService(db, {
    log,
    reads: orderReads,
    notices: messaging.notices,
    // In this order: the links of a paid order point at the purchases granted first.
    effects: [
      purchases.orderEffects,
      // Before the Canva links and the stamping: they follow the purchases a cycle grants.
      clubeOrderEffects({ purchases, onSale: () => catalog.listActive(), now: clock }),
      canvaLinks.orderEffects,
      stamping.orderEffects,
      cart.orderEffects,
      coupons.orderEffects,
      reviews.orderEffects,
      invoices.orderEffects,
      refundOrderEffects(),
      ads.orderEffects,
    ],
  })

  const guestAccess = createGuestAccessService({
    db,
    limiter,
    mail: messaging.mail,
    hasOrders: orderReads.hasOrdersOf,
    log,
    now,
  })
  // Written by the payments' provider calls, read by the health panel (built below).
  const providerFailures = createProviderFailureLog(db, now ?? (() => new Date()))
  const payments = createPaymentsService({
    config,
    settings,
    orders,
    log,
    now: clockMs,
    failures: providerFailures,
  })
  const refunds = createRefundsService({
    db,
    orders,
    payments,
    purchases,
    canvaLinks,
    usedWith: (orderId) => clubeOrdersWith(db, orderId),
    log,
    now: clockMs,
  })
  const recovery = createRecoveryService({
    db,
    settings,
    orders,
    reminders: messaging.reminders,
    log,
    now,
  })
  const subscriptions = createSubscriptionsService({
    db,
    plans,
    orders,
    payments,
    accounts,
    purchases,
    refunds,
    mail: messaging.mail,
    reminders: messaging.reminders,
    whatsapp: messaging.whatsapp,
    settings,
    terms,
    limiter,
    log,
    now: clock,
  })
  // Scheduled backups through this server's own connection (on PGlite, the only one).
  const backups = createBackupService({
    source: { database, storage, config },
    config,
    settings,
    paymentMode: () => payments.providers.mode(),
    log,
    now,
  })
  const health = createHealthService({
    db,
    settings,
    backups,
    messaging,
    providerFailures,
    pendingMigrations: () => pendingMigrations(database),
    dataDir: config.dataDir,
    log,
    now,
  })
  const checkoutDeps = {
    cart,
    catalog,
    accounts,
    orders,
    payments,
    coupons,
    limiter,
    log,
    terms,
  }
  const adminReports = createAdminReports(db, orders)
  // The shop's funnel (no cookies, no stored addresses) and the sales dashboard over it.
  const funnel = createFunnelService({ db, log, now })
  const salesReport = createSalesReport(db, funnel)
  const login = createLoginService(accounts, limiter, cart.mergeGuestCart, orders.claimGuestOrders)
  // Verifying an e-mail proves the inbox: every guest order of that e-mail joins the account.
  const emailVerification = createEmailVerificationService({
    db,
    limiter,
    mail: messaging.mail,
    joinGuestOrders: ({ userId, email }) =>
      orders.claimGuestOrders({ userId, email, whatsapp: '', emailVerified: true }),
    now,
  })
  const passwordReset = createPasswordResetService({
    db,
    limiter,
    mail: messaging.mail,
    endSessions: sessions.endAllFor,
    log,
    now,
  })
  const changeOrderStatus = createOrderStatusChanger({
    orders,
    reports: adminReports,
    refund: (id, moneyReturned) => refunds.refundByAdmin(id, { reason: '', moneyReturned }),
  })
  const newsletter = createNewsletterService({ db, log, settings, products, messaging, now })
  const contact = createContactService({ db, settings, mail: messaging.mail, limiter, now })
  const abandoned = createAbandonedService({
    db,
    log,
    settings,
    products,
    orders: orderReads,
    cart,
    newsletter: newsletter.subscribers,
    mail: messaging.mail,
    now,
  })
  const privacy = createPrivacyService({
    db,
    accounts,
    login,
    sessions,
    orders,
    purchases,
    canvaLinks,
    stamping,
    messaging,
    coupons,
    refunds,
    guestAccess,
    newsletter,
    contact,
    reviews,
    abandoned,
    subscriptions,
    now,
  })

  const store = createStoreService({
    settings,
    payments,
    products,
    orders,
    stamping,
    purchases,
    storage,
    salesChanged: () => catalog.salesChanged(),
    log,
  })

  // Listeners, once every service exists.
  products.onChange((productIds) => catalog.productsChanged(productIds))
  orders.onSalesChange((change) => catalog.salesChanged(change))
  orders.onClosed((order) => payments.voidClosedCharge(order))
  plans.onPriceChange(async (plan) => void (await subscriptions.priceChanged(plan)))
  // A refused PIX Automático debit: the clube sends that cycle's PIX instead (issue 30).
  payments.onDebitRefused((order) => subscriptions.debitRefused(order))
  // A payment or refund committed: its ad events go out now, not at the next tick.
  orders.onSalesChange(() => ads.wake())
  reviews.onChange(() => catalog.reviewsChanged())

  return {
    emailVerification,
    settings,
    scheduledJobs: createScheduledJobs(db),
    accounts,
    sessions,
    login,
    passwordReset,
    guestAccess,
    userAdmin: createUserAdmin(db),
    limiter,
    products,
    uploadJournal,
    catalog,
    cart,
    orders,
    coupons,
    payments,
    checkout: createCheckoutService(checkoutDeps),
    cardCheckout: createCardCheckoutService({ ...checkoutDeps, settings }),
    downloads: createDownloadsService({
      storage,
      settings,
      limiter,
      products,
      purchases,
      orders,
      stamping,
      secret: config.sessionSecret,
    }),
    customer: createCustomerService({
      purchases,
      products,
      orders,
      canvaLinks,
      refunds,
      invoices,
      limiter,
    }),
    refunds,
    recovery,
    plans,
    subscriptions,
    backups,
    health,
    invoices,
    terms,
    bncc: createBnccService(),
    contact,
    canvaLinks,
    stamping,
    messaging,
    adminSettings: createAdminSettings(settings, {
      allowPrivateIntegrations: config.allowPrivateIntegrations,
    }),
    adminReports,
    funnel,
    salesReport,
    ads,
    changeOrderStatus,
    privacy,
    store,
    storeLogo: createStoreLogo({ storage, settings }),
    reviews,
    reviewReads,
    newsletter,
    abandoned,
    productUpdates: createProductUpdatesService({
      db,
      log,
      settings,
      products,
      purchases,
      orders: orderReads,
      stamping,
      messaging,
      now,
    }),
  }
}
