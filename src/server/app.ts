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
import { createAccountsService } from './modules/accounts/accounts.service.js'
import { DbSessionStore } from './modules/accounts/session-store.js'
import { createSessionService } from './modules/accounts/sessions.js'
import { catalogRoutes } from './modules/catalog/catalog.routes.js'
import { createCatalogService } from './modules/catalog/catalog.service.js'
import type { FileStorage } from './modules/files/storage.js'
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
}

function createServices({ database, storage }: Deps) {
  const settings = createSettingsService(database.db)
  const catalog = createCatalogService(database.db, storage)
  const sessions = createSessionService(database.db, new DbSessionStore(database.db))
  const accounts = createAccountsService(database.db)
  return { settings, catalog, sessions, accounts }
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
  app.decorate('services', createServices(deps))

  await app.register(fastifyCookie)
  registerErrorHandling(app)
  systemRoutes(app)
  settingsRoutes(app)
  catalogRoutes(app)
  await webRoutes(app)
  return app
}
