import Fastify, { LogController, type FastifyInstance, type FastifyBaseLogger } from 'fastify'
import type {
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
} from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pt } from 'zod/locales'
import fastifyCookie from '@fastify/cookie'
import type { Config } from './config.js'
import type { Database } from './db/client.js'
import { registerErrorHandling } from './http/error-handler.js'
import { registerOriginCheck } from './http/origin-check.js'
import { createRateLimiter, MemoryCounterStore } from './http/rate-limit.js'
import { RedisCounterStore } from './http/rate-limit-redis.js'
import { openRedis, type Redis } from './lib/redis.js'
import { adminRoutes } from './modules/admin/admin.routes.js'
import { createAdminServices } from './modules/admin/admin-services.js'
import { accountsRoutes } from './modules/accounts/accounts.routes.js'
import { createAccountsService } from './modules/accounts/accounts.service.js'
import { createLoginService } from './modules/accounts/login.service.js'
import { RedisSessionStore } from './modules/accounts/redis-session-store.js'
import { DbSessionStore } from './modules/accounts/session-store.js'
import { createSessionService } from './modules/accounts/sessions.js'
import { canvaLinksRoutes } from './modules/canva/canva-links.routes.js'
import { createCanvaLinksService } from './modules/canva/canva-links.service.js'
import { catalogRoutes } from './modules/catalog/catalog.routes.js'
import { createCatalogService } from './modules/catalog/catalog.service.js'
import { commerceRoutes, createCommerceServices } from './modules/checkout/commerce.js'
import { createCartService } from './modules/cart/cart.service.js'
import { customerRoutes } from './modules/customer/customer.routes.js'
import { createCustomerService } from './modules/customer/customer.service.js'
import { downloadsRoutes } from './modules/downloads/downloads.routes.js'
import { createDownloadsService } from './modules/downloads/downloads.service.js'
import type { FileStorage } from './modules/files/storage.js'
import { messagingRoutes } from './modules/messaging/messaging.routes.js'
import { createMessagingService } from './modules/messaging/messaging.service.js'
import { settingsRoutes } from './modules/settings/settings.routes.js'
import { createSettingsService } from './modules/settings/settings.service.js'
import { systemRoutes } from './modules/system/system.routes.js'
import { webRoutes } from './modules/web/web.routes.js'

// Validation messages that reach a user are in Portuguese unless a schema sets its own.
z.config(pt())

export interface Deps {
  config: Config
  database: Database
  storage: FileStorage
  /** Order expiry and payment re-check timers; tests turn them off and call them directly. */
  backgroundJobs?: boolean
}

function createServices(
  { database, storage, config }: Deps,
  redis: Redis | null,
  log: FastifyBaseLogger,
) {
  const settings = createSettingsService(database.db)
  const catalog = createCatalogService(database.db, storage)
  const sessions = createSessionService(
    database.db,
    redis ? new RedisSessionStore(redis) : new DbSessionStore(database.db),
  )
  const accounts = createAccountsService(database.db)
  // Exported as a service so every limited call (login, register, guest lookup) shares it.
  const limiter = createRateLimiter(redis ? new RedisCounterStore(redis) : new MemoryCounterStore())
  const cart = createCartService(database.db, catalog)
  const login = createLoginService(accounts, limiter, cart.mergeGuestCart)
  const customer = createCustomerService(database.db)
  const messaging = createMessagingService({ db: database.db, settings, config, log })
  const commerce = createCommerceServices({
    db: database.db,
    cart,
    config,
    settings,
    catalog,
    accounts,
    log,
    notices: messaging.notices,
  })
  const downloads = createDownloadsService({
    db: database.db,
    storage,
    settings,
    limiter,
    customer,
    secret: config.sessionSecret,
  })
  const admin = createAdminServices({
    db: database.db,
    storage,
    config,
    catalog,
    settings,
    orders: commerce.orders,
    log,
  })
  return {
    settings,
    catalog,
    sessions,
    accounts,
    limiter,
    login,
    customer,
    cart,
    downloads,
    messaging,
    canvaLinks: createCanvaLinksService({ db: database.db, catalog }),
    ...commerce,
    ...admin,
  }
}

export type Services = ReturnType<typeof createServices>

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
    deps: Deps
  }
}

/** The whole store as one Fastify instance; main.ts listens, tests inject. */
export async function buildApp(deps: Deps): Promise<App> {
  const { config } = deps
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // Access logs cost a third of the catalogue's throughput; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('deps', deps)
  // With REDIS_URL, sessions and rate limits are shared by every instance of the store.
  const redis = config.redisUrl ? openRedis(config.redisUrl, config.redisPrefix) : null
  if (redis) app.addHook('onClose', async () => void (await redis.quit()))
  app.decorate('services', createServices(deps, redis, app.log))

  await app.register(fastifyCookie)
  registerErrorHandling(app)
  registerOriginCheck(app)
  systemRoutes(app)
  accountsRoutes(app)
  customerRoutes(app)
  downloadsRoutes(app)
  settingsRoutes(app)
  catalogRoutes(app)
  commerceRoutes(app, { backgroundJobs: deps.backgroundJobs !== false })
  await adminRoutes(app)
  await messagingRoutes(app, { backgroundJobs: deps.backgroundJobs !== false })
  await canvaLinksRoutes(app)
  await webRoutes(app)
  return app
}
