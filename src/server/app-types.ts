/**
 * The types every route file needs (the app, its dependencies, its services), kept apart from
 * app.ts so that importing them never imports the wiring: app.ts imports the module list, the
 * routes import only this file, and the graph stays a tree.
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RouteOptions,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { DestinationStream } from 'pino'
import type { Config } from './config.js'
import type { Database } from './db/client.js'
import type { Lifecycle } from './lifecycle.js'
import type { EventBus } from './kernel/events.js'
import type { Services } from './kernel/services.js'
import type { FileStorage } from './files/storage.js'

export interface Deps {
  config: Config
  database: Database
  storage: FileStorage
  /** Order expiry, payment re-check and outbox timers; tests turn them off and drive them. */
  backgroundJobs?: boolean
  /** Called for every route as it is registered (tests list the routes with it). */
  onRoute?: (route: RouteOptions) => void
  /** Where the log goes instead of stdout (tests read it to check what is written). */
  logStream?: DestinationStream
  /** The clock that expiring links are measured on (password reset); tests pass their own. */
  now?: () => Date
  /** Shared with main.ts, which drains it on SIGTERM; a fresh one when not given. */
  lifecycle?: Lifecycle
  /** Tests only: some rate limits raised by policy name (see createRateLimiter). */
  rateLimits?: Record<string, number>
}

/** Every module's service: each module's definition adds what it provides (kernel/services.ts). */
export type { Services } from './kernel/services.js'

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
    /** Who handles which domain event, in order (kernel/events.ts). */
    events: EventBus
    deps: Deps
    lifecycle: Lifecycle
  }
}
