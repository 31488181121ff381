import type { FastifyBaseLogger } from 'fastify'

export interface IntervalJob {
  /** Runs once now (waiting for a run already under way instead of starting a second). */
  runNow(): Promise<void>
  /**
   * Runs once, starting after the run under way (if any) has finished: that run may have looked
   * past work that is due now. Resolves when this fresh run is done.
   */
  runFresh(): Promise<void>
  /** No more runs; resolves when the one under way (if any) has finished. */
  stop(): Promise<void>
}

/**
 * Runs `run` every `everyMs` (and once at start when asked), never two at a time. The timer
 * is unref'd so it never keeps a process alive; failures are logged and the next tick tries again.
 */
export function startIntervalJob(opts: {
  name: string
  everyMs: number
  runAtStart?: boolean
  run: () => Promise<unknown>
  log: FastifyBaseLogger
}): IntervalJob {
  let running: Promise<void> | null = null
  let stopped = false

  const runNow = (): Promise<void> => {
    if (running) return running
    running = opts
      .run()
      .then(
        () => undefined,
        (err: unknown) => opts.log.error({ err, job: opts.name }, 'background job failed'),
      )
      .finally(() => {
        running = null
      })
    return running
  }

  const timer = setInterval(() => {
    if (!stopped) void runNow()
  }, opts.everyMs)
  timer.unref()
  if (opts.runAtStart) setImmediate(() => !stopped && void runNow())

  return {
    runNow,
    async runFresh() {
      // A run a tick started meanwhile began after this call: joining it is enough.
      await running
      await runNow()
    },
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
