import Fastify, { LogController } from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pt } from 'zod/locales'
import fastifyCookie from '@fastify/cookie'
import { adminScope } from './http/admin-scope.js'
import { registerErrorHandling } from './http/error-handler.js'
import { clientErrorHandler, frameworkErrors } from './http/framework-errors.js'
import { registerInvalidBytesCheck } from './http/invalid-bytes.js'
import { loggerOptions } from './http/safe-log.js'
import { registerOriginCheck } from './http/origin-check.js'
import { contentPolicies, registerSecurityHeaders } from './http/security-headers.js'
import { registerPreparedLane } from './http/prepared-lane.js'
import { openRedis } from './lib/redis.js'
import { changeSignalFor, createServices } from './composition.js'
import { accountsRoutes } from './modules/accounts/accounts.routes.js'
import { guestAccessRoutes } from './modules/guest-access/guest-access.routes.js'
import { adminRoutes } from './modules/admin/admin.routes.js'
import { startBackupJobs } from './modules/backup/backup.jobs.js'
import { backupRoutes } from './modules/backup/backup.routes.js'
import { startHealthJobs } from './modules/health/health.jobs.js'
import { healthRoutes } from './modules/health/health.routes.js'
import { bnccRoutes } from './modules/bncc/bncc.routes.js'
import { canvaLinksRoutes } from './modules/canva/canva-links.routes.js'
import { cartRoutes } from './modules/cart/cart.routes.js'
import { catalogRoutes } from './modules/catalog/catalog.routes.js'
import { checkoutRoutes } from './modules/checkout/checkout.routes.js'
import { couponsRoutes } from './modules/coupons/coupons.routes.js'
import { customerRoutes } from './modules/customer/customer.routes.js'
import { downloadsRoutes } from './modules/downloads/downloads.routes.js'
import { messagingRoutes } from './modules/messaging/messaging.routes.js'
import { startOrderJobs } from './modules/orders/order-jobs.js'
import { startRecoveryJobs } from './modules/recovery/recovery.jobs.js'
import { recoveryRoutes } from './modules/recovery/recovery.routes.js'
import { startGuestAccessJobs } from './modules/guest-access/guest-access.jobs.js'
import { ordersRoutes } from './modules/orders/orders.routes.js'
import { startPrivacyJobs } from './modules/privacy/privacy.jobs.js'
import { privacyRoutes } from './modules/privacy/privacy.routes.js'
import { paymentsRoutes } from './modules/payments/payments.routes.js'
import { refundsRoutes } from './modules/refunds/refunds.routes.js'
import { startReviewJobs } from './modules/reviews/reviews.jobs.js'
import { startProductUpdateJobs } from './modules/product-updates/product-updates.jobs.js'
import { productUpdatesRoutes } from './modules/product-updates/product-updates.routes.js'
import { startNewsletterJobs } from './modules/newsletter/newsletter.jobs.js'
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.js'
import { startAbandonedJobs } from './modules/abandoned/abandoned.jobs.js'
import { abandonedRoutes } from './modules/abandoned/abandoned.routes.js'
import { reviewsRoutes } from './modules/reviews/reviews.routes.js'
import { contactRoutes } from './modules/contact/contact.routes.js'
import { invoicesRoutes } from './modules/invoices/invoices.routes.js'
import { startInvoiceJobs } from './modules/invoices/invoices.jobs.js'
import { productWriteRoutes } from './modules/products/products.routes.js'
import { settingsRoutes } from './modules/settings/settings.routes.js'
import { storeRoutes } from './modules/store/store.routes.js'
import { startStampingJobs } from './modules/stamping/stamping-job.js'
import { stampingRoutes } from './modules/stamping/stamping.routes.js'
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.js'
import { startSubscriptionJobs } from './modules/subscriptions/subscriptions.jobs.js'
import { registerMetrics } from './modules/system/metrics.js'
import { systemRoutes, type ReadinessCheck } from './modules/system/system.routes.js'
import { webRoutes } from './modules/web/web.routes.js'
import { adsRoutes } from './modules/ads/ads.routes.js'
import { analyticsRoutes } from './modules/analytics/analytics.routes.js'
import { fastifyTrustProxy } from './config.js'
import { createLifecycle } from './lifecycle.js'
import type { App, Deps } from './app-types.js'

export type { App, Deps, Services } from './app-types.js'

// Validation messages that reach a user are in Portuguese unless a schema sets its own.
z.config(pt())

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
  // First of all hooks: the public reads it answers skip the others (http/prepared-lane.ts).
  const policyOf = contentPolicies(app)
  registerPreparedLane(app, policyOf)
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
    app.services.backups.close()
    await Promise.all([
      app.services.passwordReset.drain(),
      app.services.guestAccess.drain(),
      app.services.orders.drain(),
      app.services.funnel.drain(),
    ])
  })

  await app.register(fastifyCookie)
  registerErrorHandling(app)
  // Before the checks that refuse a request, so their answers carry the headers too.
  registerSecurityHeaders(app, policyOf)
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
  bnccRoutes(app)
  cartRoutes(app)
  checkoutRoutes(app)
  ordersRoutes(app)
  paymentsRoutes(app)
  await adminRoutes(app)
  await backupRoutes(app)
  await healthRoutes(app)
  await adminScope(app, productWriteRoutes)
  await couponsRoutes(app)
  await messagingRoutes(app)
  await canvaLinksRoutes(app)
  await stampingRoutes(app)
  await privacyRoutes(app)
  await refundsRoutes(app)
  await storeRoutes(app)
  await invoicesRoutes(app)
  await contactRoutes(app)
  await recoveryRoutes(app)
  await subscriptionsRoutes(app)
  await analyticsRoutes(app)
  await adsRoutes(app)
  await reviewsRoutes(app)
  await productUpdatesRoutes(app)
  await newsletterRoutes(app)
  abandonedRoutes(app)
  await webRoutes(app)

  // Background work, which tests turn off and drive by hand.
  if (deps.backgroundJobs !== false) {
    startOrderJobs(app)
    startGuestAccessJobs(app)
    startPrivacyJobs(app)
    startRecoveryJobs(app)
    startSubscriptionJobs(app)
    startBackupJobs(app)
    startHealthJobs(app)
    startReviewJobs(app)
    startProductUpdateJobs(app)
    startNewsletterJobs(app)
    startAbandonedJobs(app)
    startInvoiceJobs(app)
    app.services.messaging.worker.start()
    app.services.ads.start()
    app.addHook('onClose', () => app.services.ads.stop())
    app.addHook('onClose', () => app.services.messaging.worker.stop())
    const stampingJobs = startStampingJobs(app.services.stamping, app.log)
    app.addHook('onClose', async () => void (await stampingJobs.stop()))
  }
  for (const warning of app.services.payments.providers.startupWarnings()) app.log.warn(warning)
  return app
}
