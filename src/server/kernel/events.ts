import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.js'

/**
 * The catalogue of what happens in the store: each module that raises an event declares its
 * payload here by declaration merging, next to its own definition (`*.module.ts`), so the
 * kernel imports no module and the modules import only the kernel.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEvents {}

/**
 * What the handlers of a transaction-phase event may answer, collected for the raiser (the
 * purchases a payment granted, for the buyer's receipt). Events missing here answer nothing.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEventResults {}

export type EventName = keyof DomainEvents
type ResultOf<E extends EventName> = E extends keyof DomainEventResults
  ? DomainEventResults[E]
  : void

/**
 * A handler that runs inside the transaction that raised the event: what must stand or fall
 * with it (grants, quotas, the rows an outside call is later made from). `prepare` reads what
 * it needs BEFORE the transaction opens (PGlite runs one query at a time) and answers the step
 * to run inside it; only events raised through `prepare` may have one.
 */
export interface TransactionHandler<E extends EventName> {
  phase: 'transaction'
  prepare?: () => Promise<TransactionStep<E>>
  run?: TransactionStep<E>
}
export type TransactionStep<E extends EventName> = (
  tx: Db,
  payload: DomainEvents[E],
) => Promise<ResultOf<E> | void>

/**
 * A handler that runs once the raiser's work is committed, in this process: refreshing what
 * it keeps in memory, waking a worker, calling a provider whose failure must not undo the
 * change. What must reach the outside exactly once across instances is written as a row by a
 * transaction handler instead, and sent by that module's worker (decision 027).
 */
export interface CommittedHandler<E extends EventName> {
  phase: 'committed'
  run: (payload: DomainEvents[E]) => Promise<void> | void
}

export type EventHandler<E extends EventName> = (TransactionHandler<E> | CommittedHandler<E>) & {
  event: E
  /** Modules whose handler of the same event must run first (the order is declared, never positional). */
  after?: readonly string[]
}

/** A handler of any one event, its payload checked against that event. */
export type AnyEventHandler = { [E in EventName]: EventHandler<E> }[EventName]

/** One handler of the catalogue, as the module list registered it. */
export interface HandlerEntry {
  event: EventName
  module: string
  phase: 'transaction' | 'committed'
  after: readonly string[]
}

type Registered = EventHandler<EventName> & { module: string }

/** A handler declared with its event's payload type checked (module definitions use it). */
export const handle = <E extends EventName>(handler: EventHandler<E>): EventHandler<E> => handler

/**
 * The bus every module raises on. Handlers are added while the module list is assembled and
 * put in their declared order when it is sealed; raising before that is a wiring error.
 */
export function createEventBus(log: FastifyBaseLogger) {
  const handlers: Registered[] = []
  const ordered = new Map<EventName, { transaction: Registered[]; committed: Registered[] }>()
  let sealed = false

  const of = (event: EventName) => {
    if (!sealed) throw new Error(`event ${event} raised before the modules were assembled`)
    return ordered.get(event) ?? { transaction: [], committed: [] }
  }

  /** Sorts each event's handlers so every `after` runs first; refuses unknown names and cycles. */
  function seal(): void {
    const events = new Set(handlers.map((h) => h.event))
    const known = new Set(handlers.map((h) => h.module))
    for (const event of events) {
      const mine = handlers.filter((h) => h.event === event)
      const byModule = new Map(mine.map((h) => [h.module, h]))
      const done: Registered[] = []
      const visiting = new Set<string>()
      const visit = (h: Registered) => {
        if (done.includes(h)) return
        if (visiting.has(h.module)) {
          throw new Error(`handlers of ${event} wait on each other (${h.module})`)
        }
        visiting.add(h.module)
        for (const before of h.after ?? []) {
          if (!known.has(before))
            throw new Error(`${h.module} runs after ${before}, which handles nothing`)
          // A module that does not handle this event has nothing to run first.
          const first = byModule.get(before)
          if (first) visit(first)
        }
        visiting.delete(h.module)
        done.push(h)
      }
      mine.forEach(visit)
      ordered.set(event, {
        transaction: done.filter((h) => h.phase === 'transaction'),
        committed: done.filter((h) => h.phase === 'committed'),
      })
    }
    sealed = true
  }

  function collect<E extends EventName>(results: unknown[]): ResultOf<E>[] {
    return results.filter((r) => r !== undefined) as ResultOf<E>[]
  }

  return {
    on(module: string, handler: AnyEventHandler): void {
      if (sealed)
        throw new Error(`${module} handles ${handler.event} after the modules were assembled`)
      handlers.push({ ...(handler as unknown as Registered), module })
    },
    seal,

    /**
     * Before the transaction: every transaction handler's preparation; the answer runs them,
     * in their order, inside it, and collects what they answered.
     */
    async prepare<E extends EventName>(
      event: E,
    ): Promise<(tx: Db, payload: DomainEvents[E]) => Promise<ResultOf<E>[]>> {
      const steps = await Promise.all(
        of(event).transaction.map(async (h) => {
          const step = h as TransactionHandler<E>
          return step.prepare ? await step.prepare() : step.run!
        }),
      )
      return async (tx, payload) => {
        const results: unknown[] = []
        for (const step of steps) results.push(await step(tx, payload))
        return collect<E>(results)
      }
    },

    /** Inside the raiser's transaction: the transaction handlers, in order. */
    async within<E extends EventName>(
      event: E,
      tx: Db,
      payload: DomainEvents[E],
    ): Promise<ResultOf<E>[]> {
      const results: unknown[] = []
      for (const h of of(event).transaction) {
        const step = h as TransactionHandler<E>
        if (!step.run) throw new Error(`${h.module}'s handler of ${event} needs prepare()`)
        results.push(await step.run(tx, payload))
      }
      return collect<E>(results)
    },

    /**
     * After the raiser's work is committed (or when there was no transaction): the committed
     * handlers, one after another. A failure is logged and the others still run: what was
     * committed stays, and each handler's own retry (a re-check, a worker) picks it up.
     */
    async committed<E extends EventName>(event: E, payload: DomainEvents[E]): Promise<void> {
      for (const h of of(event).committed) {
        try {
          // A handler that answers nothing runs before `committed` returns: a reader right
          // after the raiser's own answer sees what it refreshed.
          const running = (h as CommittedHandler<E>).run(payload)
          if (running) await running
        } catch (err) {
          log.warn({ err, event, module: h.module }, 'event handler failed')
        }
      }
    },

    /**
     * Like `committed`, for a raiser that must know when a handler failed (the owner's save of
     * a new price answers an error if its subscribers could not be told; a webhook answers 500
     * so that the provider sends it again): the first failure is thrown.
     */
    async raise<E extends EventName>(event: E, payload: DomainEvents[E]): Promise<void> {
      for (const h of of(event).committed) await (h as CommittedHandler<E>).run(payload)
    },

    /** Who handles what, in order: for the decision record's table and its test. */
    catalogue(): HandlerEntry[] {
      return [...ordered.entries()].flatMap(([event, { transaction, committed }]) =>
        [...transaction, ...committed].map((h) => ({
          event,
          module: h.module,
          phase: h.phase,
          after: h.after ?? [],
        })),
      )
    },
  }
}

export type EventBus = ReturnType<typeof createEventBus>

/** What a service is given to raise events with: never the registration side. */
export type EventRaiser = Pick<EventBus, 'prepare' | 'within' | 'committed' | 'raise'>
