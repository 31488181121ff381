import type { FastifyBaseLogger } from 'fastify'

export interface IntervalJob {
  /** Runs once now (waiting for a run already under way instead of starting a second). */
  runNow(): Promise<void>
  /**
   * Runs once, starting after the run under way (if any) has finished: that run may have looked
   * past work that is due now. Resolves when this fresh run is done.
   */
  runFresh(): Promise<void>
  /**
   * What a tick does, now: with a ledger, runs only if the job is due (joining a question or a
   * run already under way); without one, as `runNow`. Resolves when that is done.
   */
  runIfDue(): Promise<void>
  /** No more runs; resolves when the one under way (if any) has finished. */
  stop(): Promise<void>
}

/**
 * Where a scheduled job's runs are recorded for every instance (modules/system/scheduled-jobs):
 * `take` answers true to one caller only, when the job never ran or its last run, anywhere,
 * started `dueAfterMs` ago or more, and records this one as its last.
 */
export interface JobLedger {
  take(name: string, dueAfterMs: number): Promise<boolean>
}

/** How often a job with a ledger asks whether it is due: its interval, at most a minute. */
const ASK_AT_MOST_EVERY_MS = 60_000

/**
 * Runs `run` every `everyMs` (and once at start when asked), never two at a time. The timer
 * is unref'd so it never keeps a process alive; failures are logged and the next tick tries again.
 *
 * With a `ledger`, the job's last run is the database's, not this process's: it runs at start
 * when it is due (a store restarted every 40 minutes still runs an hourly job), then whenever
 * it comes due again, once across instances. It asks every `everyMs` or every minute, whichever
 * is sooner, and counts as due half an asking period early, so a tick a little ahead of its
 * instant still runs rather than waiting a whole period more.
 */
export function startIntervalJob(opts: {
  name: string
  everyMs: number
  runAtStart?: boolean
  ledger?: JobLedger
  run: () => Promise<unknown>
  log: FastifyBaseLogger
}): IntervalJob {
  let running: Promise<void> | null = null
  let stopped = false
  const { ledger } = opts
  const askEveryMs = ledger ? Math.min(opts.everyMs, ASK_AT_MOST_EVERY_MS) : opts.everyMs
  const dueAfterMs = opts.everyMs - askEveryMs / 2

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

  /** The ledger being asked, so that stopping waits for the question too. */
  let asking: Promise<void> | null = null

  /** A tick: this instance runs when the ledger hands it the run (always, without one). */
  const runIfDue = async (): Promise<void> => {
    if (!ledger) return runNow()
    if (!stopped && !running && !asking) {
      asking = ledger
        .take(opts.name, dueAfterMs)
        .then(
          (taken) => {
            if (taken && !stopped) void runNow()
          },
          (err: unknown) =>
            opts.log.error({ err, job: opts.name }, 'background job: its last run cannot be read'),
        )
        .finally(() => {
          asking = null
        })
    }
    await asking
    await running
  }
  const tick = () => {
    if (!stopped && !running) void runIfDue()
  }

  const timer = setInterval(tick, askEveryMs)
  timer.unref()
  if (opts.runAtStart || ledger) setImmediate(tick)

  return {
    runNow,
    runIfDue,
    async runFresh() {
      // A run a tick started meanwhile began after this call: joining it is enough.
      await running
      await runNow()
    },
    async stop() {
      stopped = true
      clearInterval(timer)
      await asking
      await running
    },
  }
}
