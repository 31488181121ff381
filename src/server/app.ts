import Fastify, { LogController, type FastifyBaseLogger } from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { pt } from 'zod/locales'
import fastifyCookie from '@fastify/cookie'
import { adminScope } from './http/admin-scope.js'
import { registerErrorHandling } from './http/error-handler.js'
import { clientErrorHandler, frameworkErrors } from './http/framework-errors.js'
import { registerInvalidBytesCheck } from './http/invalid-bytes.js'
import { loggerOptions } from './http/safe-log.js'
import { registerOriginCheck } from './http/origin-check.js'
import { registerSecurityHeaders } from './http/security-headers.js'
import { createRateLimiter, MemoryCounterStore } from './http/rate-limit.js'
import { RedisCounterStore } from './http/rate-limit-redis.js'
import { openRedis, type Redis } from './lib/redis.js'
import {
  localChangeSignal,
  postgresChangeSignal,
  redisChangeSignal,
  type ChangeSignal,
} from './lib/change-signal.js'
import { accountsRoutes } from './modules/accounts/accounts.routes.js'
import { createAccountsService } from './modules/accounts/accounts.service.js'
import { createLoginService } from './modules/accounts/login.service.js'
import { createEmailVerificationService } from './modules/accounts/email-verification.service.js'
import { createGuestAccessService } from './modules/guest-access/guest-access.service.js'
import { guestAccessRoutes } from './modules/guest-access/guest-access.routes.js'
import { createPasswordResetService } from './modules/accounts/password-reset.service.js'
import { RedisSessionStore } from './modules/accounts/redis-session-store.js'
import { DbSessionStore } from './modules/accounts/session-store.js'
import { createSessionService } from './modules/accounts/sessions.service.js'
import { createUserAdmin } from './modules/accounts/user-admin.service.js'
import { adminRoutes } from './modules/admin/admin.routes.js'
import { backupRoutes } from './modules/backup/backup.routes.js'
import { createAdminSettings } from './modules/admin/admin-settings.service.js'
import { createOrderStatusChanger } from './modules/admin/order-status.service.js'
import { createAdminReports } from './modules/admin/reports.read-model.js'
import { canvaLinksRoutes } from './modules/canva/canva-links.routes.js'
import { createCanvaLinksService } from './modules/canva/canva-links.service.js'
import { cartRoutes } from './modules/cart/cart.routes.js'
import { createCartService } from './modules/cart/cart.service.js'
import { catalogRoutes } from './modules/catalog/catalog.routes.js'
import { createCatalogService } from './modules/catalog/catalog.service.js'
import { createCardCheckoutService } from './modules/checkout/card-checkout.service.js'
import { checkoutRoutes } from './modules/checkout/checkout.routes.js'
import { createCheckoutService } from './modules/checkout/checkout.service.js'
import { couponsRoutes } from './modules/coupons/coupons.routes.js'
import { createCouponsService } from './modules/coupons/coupons.service.js'
import { customerRoutes } from './modules/customer/customer.routes.js'
import { createCustomerService } from './modules/customer/customer.service.js'
import { downloadsRoutes } from './modules/downloads/downloads.routes.js'
import { createDownloadsService } from './modules/downloads/downloads.service.js'
import { createPurchasesService } from './modules/downloads/purchases.service.js'
import { messagingRoutes } from './modules/messaging/messaging.routes.js'
import { createMessagingService } from './modules/messaging/messaging.service.js'
import { startOrderJobs } from './modules/orders/order-jobs.js'
import { startRecoveryJobs } from './modules/recovery/recovery.jobs.js'
import { recoveryRoutes } from './modules/recovery/recovery.routes.js'
import { createRecoveryService } from './modules/recovery/recovery.service.js'
import { startGuestAccessJobs } from './modules/guest-access/guest-access.jobs.js'
import { ordersRoutes } from './modules/orders/orders.routes.js'
import { startPrivacyJobs } from './modules/privacy/privacy.jobs.js'
import { privacyRoutes } from './modules/privacy/privacy.routes.js'
import { createPrivacyService } from './modules/privacy/privacy.service.js'
import { createOrdersService } from './modules/orders/orders.service.js'
import { paymentsRoutes } from './modules/payments/payments.routes.js'
import { createPaymentsService } from './modules/payments/payments.service.js'
import { refundsRoutes } from './modules/refunds/refunds.routes.js'
import { createRefundsService, refundOrderEffects } from './modules/refunds/refunds.service.js'
import { productWriteRoutes } from './modules/products/products.routes.js'
import { createProductsService } from './modules/products/products.service.js'
import { createUploadJournal } from './modules/products/upload-journal.service.js'
import { settingsRoutes } from './modules/settings/settings.routes.js'
import { createSettingsService } from './modules/settings/settings.service.js'
import { startStampingJobs } from './modules/stamping/stamping-job.js'
import { stampingRoutes } from './modules/stamping/stamping.routes.js'
import { createStampingService } from './modules/stamping/stamping.service.js'
import { registerMetrics } from './modules/system/metrics.js'
import { systemRoutes, type ReadinessCheck } from './modules/system/system.routes.js'
import { webRoutes } from './modules/web/web.routes.js'
import { fastifyTrustProxy } from './config.js'
import { createLifecycle } from './lifecycle.js'
import type { App, Deps, Services } from './app-types.js'

export type { App, Deps, Services } from './app-types.js'

// Validation messages that reach a user are in Portuguese unless a schema sets its own.
z.config(pt())

/**
 * How instances sharing one database tell each other of changes to what they keep in memory
 * (decision 021): Redis pub/sub when the store has a Redis, else PostgreSQL's LISTEN/NOTIFY;
 * PGlite is one process, so nothing is sent.
 */
function changeSignalFor(
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
 * Every module's service, built once. A module gets the services it uses; where two modules
 * need each other (orders hold sales that products and the catalogue ask about), the later one
 * is reached through a function called only after start-up.
 */
function createServices(
  { database, storage, config, now, rateLimits }: Deps,
  redis: Redis | null,
  signal: ChangeSignal,
  log: FastifyBaseLogger,
): Services {
  const { db } = database
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
  const messaging = createMessagingService({
    db,
    settings,
    config,
    log,
    accessTokens: {
      emailAccess: (tx, email) => guestAccess.issueLink(tx, email),
      paymentPage: (tx, order) => guestAccess.issuePaymentLink(tx, order),
    },
  })

  const uploadJournal = createUploadJournal({ db, storage, tmpDir: config.tmpDir, log })
  const products = createProductsService({
    db,
    storage,
    config,
    journal: uploadJournal,
    hasSales: (productId) => orders.hasSales(productId),
    onChange: (productIds) => catalog.productsChanged(productIds),
  })
  const catalog = createCatalogService(
    { products, unitsSold: () => orders.unitsSold() },
    storage,
    signal,
  )
  const purchases = createPurchasesService({
    db,
    settings,
    paidAmong: (orderIds) => orders.paidAmong(orderIds),
  })
  const canvaLinks = createCanvaLinksService({
    db,
    products,
    purchases,
    orders: { find: (id) => orders.find(id) },
  })
  const cart = createCartService(db, catalog)
  const stamping = createStampingService({
    db,
    storage,
    config,
    log,
    products,
    purchases,
    orders: { find: (id) => orders.find(id) },
    now: now && (() => now().getTime()),
  })
  const coupons = createCouponsService(db, {
    paidAmong: (orderIds, tx) => orders.paidAmong(orderIds, tx),
    now,
  })
  const orders = createOrdersService(db, {
    log,
    notices: messaging.notices,
    // In this order: the links of a paid order point at the purchases granted first.
    effects: [
      purchases.orderEffects,
      canvaLinks.orderEffects,
      stamping.orderEffects,
      cart.orderEffects,
      coupons.orderEffects,
      refundOrderEffects(),
    ],
    onSalesChange: () => catalog.salesChanged(),
  })

  const guestAccess = createGuestAccessService({
    db,
    limiter,
    mail: messaging.mail,
    hasOrders: (email) => orders.hasOrdersOf(email),
    log,
    now,
  })
  const payments = createPaymentsService({
    config,
    settings,
    orders,
    log,
    now: now && (() => now().getTime()),
  })
  const refunds = createRefundsService({
    db,
    orders,
    payments,
    purchases,
    canvaLinks,
    log,
    now: now && (() => now().getTime()),
  })
  const recovery = createRecoveryService({
    db,
    settings,
    orders,
    reminders: messaging.reminders,
    log,
    now,
  })
  const checkoutDeps = { db, cart, catalog, accounts, orders, payments, coupons, limiter, log }
  const adminReports = createAdminReports(db, orders)
  const login = createLoginService(accounts, limiter, cart.mergeGuestCart, (account) =>
    orders.claimGuestOrders(account),
  )
  const emailVerification = createEmailVerificationService({
    db,
    limiter,
    mail: messaging.mail,
    joinGuestOrders: ({ userId, email }) =>
      orders.claimGuestOrders({ userId, email, whatsapp: '', emailVerified: true }),
    now,
  })
  return {
    emailVerification,
    settings,
    accounts,
    sessions,
    login,
    passwordReset: createPasswordResetService({
      db,
      limiter,
      mail: messaging.mail,
      endSessions: (userId) => sessions.endAllFor(userId),
      log,
      now,
    }),
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
    customer: createCustomerService({ purchases, products, orders, canvaLinks, refunds, limiter }),
    refunds,
    recovery,
    canvaLinks,
    stamping,
    messaging,
    adminSettings: createAdminSettings(settings, {
      allowPrivateIntegrations: config.allowPrivateIntegrations,
    }),
    adminReports,
    changeOrderStatus: createOrderStatusChanger({
      orders,
      reports: adminReports,
      refund: (id, moneyReturned) => refunds.refundByAdmin(id, { reason: '', moneyReturned }),
    }),
    privacy: createPrivacyService({
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
    }),
  }
}

/** The whole store as one Fastify instance; main.ts listens, tests inject. */
export async function buildApp(deps: Deps): Promise<App> {
  const { config } = deps
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    // Access logs cost a third of the catalogue's throughput; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Bad addresses and requests the HTTP parser refuses answer in Portuguese, never echoed.
    frameworkErrors,
    clientErrorHandler,
    // While shutting down, requests already on an open connection are served (and told to close
    // it), not refused: a restart fails no request that reached the store (decision 019).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>()
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('deps', deps)
  const lifecycle = deps.lifecycle ?? createLifecycle()
  app.decorate('lifecycle', lifecycle)
  // Once shutting down, every answer (those under way when it began too) closes its connection.
  app.addHook('onRequest', async (_req, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close')
  })
  app.addHook('onSend', async (_req, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close')
  })
  // With REDIS_URL, sessions and rate limits are shared by every instance of the store.
  const redis = config.redisUrl ? openRedis(config.redisUrl, config.redisPrefix, app.log) : null
  if (redis) app.addHook('onClose', async () => void (await redis.quit()))
  const readiness: ReadinessCheck[] = []
  if (redis) readiness.push({ name: 'redis', check: async () => void (await redis.ping()) })
  if (deps.storage.check) readiness.push({ name: 'storage', check: () => deps.storage.check!() })
  const signal = changeSignalFor(deps, redis, app.log)
  app.addHook('onClose', () => signal.close())
  app.decorate('services', createServices(deps, redis, signal, app.log))
  // E-mails still being written after their answer went out, and the provider calls after an
  // order closed, finish before the database closes.
  app.addHook('onClose', async () => {
    await Promise.all([
      app.services.passwordReset.drain(),
      app.services.guestAccess.drain(),
      app.services.orders.drain(),
    ])
  })

  await app.register(fastifyCookie)
  registerErrorHandling(app)
  // Before the checks that refuse a request, so their answers carry the headers too.
  registerSecurityHeaders(app)
  registerOriginCheck(app)
  registerInvalidBytesCheck(app)

  // Every module's routes, once. Admin-only ones go inside the one guard (http/admin-scope.ts).
  systemRoutes(app, readiness)
  registerMetrics(app)
  accountsRoutes(app)
  customerRoutes(app)
  downloadsRoutes(app)
  guestAccessRoutes(app)
  settingsRoutes(app)
  catalogRoutes(app)
  cartRoutes(app)
  checkoutRoutes(app)
  ordersRoutes(app)
  paymentsRoutes(app)
  await adminRoutes(app)
  await backupRoutes(app)
  await adminScope(app, productWriteRoutes)
  await couponsRoutes(app)
  await messagingRoutes(app)
  await canvaLinksRoutes(app)
  await stampingRoutes(app)
  await privacyRoutes(app)
  await refundsRoutes(app)
  await recoveryRoutes(app)
  await webRoutes(app)

  // Background work, which tests turn off and drive by hand.
  if (deps.backgroundJobs !== false) {
    startOrderJobs(app)
    startGuestAccessJobs(app)
    startPrivacyJobs(app)
    startRecoveryJobs(app)
    app.services.messaging.worker.start()
    app.addHook('onClose', () => app.services.messaging.worker.stop())
    const stampingJobs = startStampingJobs(app.services.stamping, app.log)
    app.addHook('onClose', async () => void (await stampingJobs.stop()))
  }
  const { accessToken, webhookSecret } = config.mercadoPago
  if (accessToken && !webhookSecret) {
    app.log.warn(
      'MERCADOPAGO_WEBHOOK_SECRET not set: webhooks are refused, payments are found by the re-check every minute',
    )
  }
  return app
}
