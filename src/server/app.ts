import Fastify, { LogController } from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pt } from 'zod/locales'
import fastifyCookie from '@fastify/cookie'
import { registerErrorHandling } from './http/error-handler.js'
import { clientErrorHandler, frameworkErrors } from './http/framework-errors.js'
import { registerInvalidBytesCheck } from './http/invalid-bytes.js'
import { loggerOptions } from './http/safe-log.js'
import { registerOriginCheck } from './http/origin-check.js'
import { contentPolicies, registerSecurityHeaders } from './http/security-headers.js'
import { registerPreparedLane } from './http/prepared-lane.js'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { openRedis, type Redis } from './lib/redis.js'
import {
  localChangeSignal,
  postgresChangeSignal,
  redisChangeSignal,
  type ChangeSignal,
} from './lib/change-signal.js'
import { assembleServices, registerModules } from './kernel/assemble.js'
import type { ModuleContext, ReadinessCheck } from './kernel/module.js'
import { MODULES } from './modules.js'
import { fastifyTrustProxy } from './config.js'
import { createLifecycle } from './lifecycle.js'
import type { App, Deps } from './app-types.js'

export type { App, Deps, Services } from './app-types.js'

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
  const now = deps.now
  const ctx: Omit<ModuleContext, 'events'> = {
    deps,
    db: deps.database.db,
    log: app.log,
    redis,
    signal,
    clock: now ?? (() => new Date()),
    nowMs: now && (() => now().getTime()),
    readiness,
  }
  // Every module's services, built in the order of what each needs (kernel/assemble.ts).
  const { services, events } = assembleServices(MODULES, ctx)
  app.decorate('services', services)
  app.decorate('events', events)

  await app.register(fastifyCookie)
  registerErrorHandling(app)
  // Before the checks that refuse a request, so their answers carry the headers too.
  registerSecurityHeaders(app, policyOf)
  registerOriginCheck(app)
  registerInvalidBytesCheck(app)

  // Every module's routes, in the list's order, then its jobs (which tests turn off and drive
  // by hand). Admin-only routes go inside the one guard (http/admin-scope.ts).
  await registerModules(app, MODULES, { ...ctx, events })
  return app
}
