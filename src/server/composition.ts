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
import { createAdminReports } from './modules/admin/reports.read-model.js'
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
import { termsText } from '../contracts/terms.js'
import { createTermsService } from './modules/terms/terms.service.js'
import { createContactService } from './modules/contact/contact.service.js'
import { createInvoicesService } from './modules/invoices/invoices.service.js'
import { createMessagingService } from './modules/messaging/messaging.service.js'
import { createOrderReads, createOrdersService } from './modules/orders/orders.service.js'
import { createNotaProviders, createPaymentsService } from './modules/payments/payments.service.js'
import { createPrivacyService } from './modules/privacy/privacy.service.js'
import { createProductsService } from './modules/products/products.service.js'
import { createUploadJournal } from './modules/products/upload-journal.service.js'
import { createRecoveryService } from './modules/recovery/recovery.service.js'
import { createRefundsService, refundOrderEffects } from './modules/refunds/refunds.service.js'
import { createSettingsService } from './modules/settings/settings.service.js'
import { createStampingService } from './modules/stamping/stamping.service.js'
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
  const settings = createSettingsService(db)
  const accounts = createAccountsService(db)
  const sessions = createSessionService(
    db,
    redis ? new RedisSessionStore(redis) : new DbSessionStore(db),
  )
  const limiter = createRateLimiter(
    redis ? new RedisCounterStore(redis) : new MemoryCounterStore(),
    rateLimits,
  )
  // The terms the checkout shows today, versioned with each order. In this branch: the terms
  // page's own text (contracts/terms.ts) with the store's download settings.
  const terms = createTermsService({
    db,
    currentTerms: async () =>
      termsText({
        maxDownloads: await settings.get('max_downloads'),
        linkMinutes: await settings.get('download_link_expiry'),
        email: await settings.get('footer_email'),
      }),
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
  const catalog = createCatalogService(
    { products, unitsSold: orderReads.unitsSold },
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
      canvaLinks.orderEffects,
      stamping.orderEffects,
      cart.orderEffects,
      coupons.orderEffects,
      invoices.orderEffects,
      refundOrderEffects(),
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
  const payments = createPaymentsService({ config, settings, orders, log, now: clockMs })
  const refunds = createRefundsService({
    db,
    orders,
    payments,
    purchases,
    canvaLinks,
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
    now,
  })

  // Listeners, once every service exists.
  products.onChange((productIds) => catalog.productsChanged(productIds))
  orders.onSalesChange(() => catalog.salesChanged())
  orders.onClosed((order) => payments.voidClosedCharge(order))

  return {
    emailVerification,
    settings,
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
    invoices,
    terms,
    contact: createContactService({ db, settings, mail: messaging.mail, limiter, now }),
    canvaLinks,
    stamping,
    messaging,
    adminSettings: createAdminSettings(settings, {
      allowPrivateIntegrations: config.allowPrivateIntegrations,
    }),
    adminReports,
    changeOrderStatus,
    privacy,
  }
}
