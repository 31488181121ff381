import type { FastifyBaseLogger } from 'fastify'
import type { App, Deps } from '../app-types.js'
import type { Db } from '../db/client.js'
import type { ChangeSignal } from '../lib/change-signal.js'
import type { Redis } from '../lib/redis.js'
import type { AnyEventHandler, EventRaiser } from './events.js'
import type { ServiceName, Services } from './services.js'

/** One service /readyz asks (Redis, object storage) besides the database. */
export interface ReadinessCheck {
  name: string
  check(): Promise<void>
}

/** What every module's build is handed besides the services it needs. */
export interface ModuleContext {
  deps: Deps
  db: Db
  log: FastifyBaseLogger
  /** Present when REDIS_URL is set: sessions and rate limits shared by every instance. */
  redis: Redis | null
  /** How instances tell each other of changes to what they keep in memory (decision 021). */
  signal: ChangeSignal
  events: EventRaiser
  /** The store's clock: tests pass their own through `deps.now`. */
  clock: () => Date
  /** The same clock in milliseconds, only when tests passed one (services default to Date.now). */
  nowMs: (() => number) | undefined
  /** What `/readyz` checks besides the database; a module may add its own. */
  readiness: ReadinessCheck[]
}

/**
 * One module of the store: what it needs, what it provides and how it is built, its routes,
 * its background jobs and the events it handles. The root (`modules.ts`) lists them; nothing
 * outside the module is edited to add one.
 */
export interface ModuleDefinition<
  P extends ServiceName = ServiceName,
  N extends ServiceName = never,
> {
  name: string
  /** Services of other modules that `build` and `handles` use (they are built first). */
  needs: readonly N[]
  provides: readonly P[]
  build: (ctx: ModuleContext, services: Pick<Services, N>) => Pick<Services, P>
  /** The events it reacts to, with its own services and those it needs. */
  handles?: (services: Pick<Services, P | N>, ctx: ModuleContext) => AnyEventHandler[]
  /** Registered in the list's order (admin-only ones inside http/admin-scope.ts's guard). */
  routes?: (app: App, ctx: ModuleContext) => unknown
  /** Once every route is registered, whether or not jobs run (warnings about the setup). */
  started?: (app: App) => void
  /** Background work: started unless `deps.backgroundJobs` is false (tests drive it by hand). */
  jobs?: (app: App) => void
  /** Work still under way (e-mails, provider calls) finished before the database closes. */
  close?: (services: Pick<Services, P>) => void | Promise<void>
}

/** The definition with its types checked: `build` answers exactly what it `provides`. */
export function defineModule<P extends ServiceName, N extends ServiceName = never>(
  definition: ModuleDefinition<P, N>,
): ModuleDefinition<P, N> {
  return definition
}

/** Any module, as the list holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyModule = ModuleDefinition<any, any>
