import type { FastifyBaseLogger } from 'fastify'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startIntervalJob, type IntervalJob } from './interval-job.js'

const silent = { error: () => {} } as unknown as FastifyBaseLogger

/** A job whose runs take `takesMs` of (fake) time, counting what happened. */
function countedJob(opts: { everyMs: number; takesMs: number; runAtStart?: boolean }) {
  const seen = { runs: 0, finished: 0, concurrent: 0, maxConcurrent: 0 }
  const job = startIntervalJob({
    name: 'test',
    everyMs: opts.everyMs,
    runAtStart: opts.runAtStart,
    log: silent,
    run: async () => {
      seen.runs++
      seen.maxConcurrent = Math.max(seen.maxConcurrent, ++seen.concurrent)
      await new Promise((resolve) => setTimeout(resolve, opts.takesMs))
      seen.concurrent--
      seen.finished++
    },
  })
  return { job, seen }
}

/** Stops `job`, letting (fake) time pass for the run under way to finish. */
async function stopped(job: IntervalJob) {
  const stopping = job.stop()
  await vi.runAllTimersAsync()
  await stopping
}

// Fake timers: every tick happens at a known instant, whatever the machine's speed.
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('startIntervalJob', () => {
  it('runs once right after start when asked, then once per tick', async () => {
    const { job, seen } = countedJob({ everyMs: 1000, takesMs: 10, runAtStart: true })
    expect(seen.runs).toBe(0)
    await vi.advanceTimersByTimeAsync(0)
    expect(seen.runs).toBe(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(seen.runs).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(seen.runs).toBe(2)
    await vi.advanceTimersByTimeAsync(3000)
    expect(seen.runs).toBe(5)
    await stopped(job)
  })

  it('waits for the first tick when not asked to run at start', async () => {
    const { job, seen } = countedJob({ everyMs: 1000, takesMs: 10 })
    await vi.advanceTimersByTimeAsync(999)
    expect(seen.runs).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(seen.runs).toBe(1)
    await stopped(job)
  })

  it('never runs two at a time: a tick during a run is skipped', async () => {
    // Runs take 2.5 ticks: started at 0, 3000 and 6000; the ticks at 1000, 2000, 4000, 5000 skip.
    const { job, seen } = countedJob({ everyMs: 1000, takesMs: 2500, runAtStart: true })
    await vi.advanceTimersByTimeAsync(2999)
    expect(seen).toMatchObject({ runs: 1, finished: 1 })
    await vi.advanceTimersByTimeAsync(1)
    expect(seen.runs).toBe(2)
    await vi.advanceTimersByTimeAsync(3000)
    expect(seen).toMatchObject({ runs: 3, finished: 2, maxConcurrent: 1 })
    await stopped(job)
  })

  it('joins the run under way on runNow, and runFresh starts one after it', async () => {
    const { job, seen } = countedJob({ everyMs: 60_000, takesMs: 500 })
    const first = job.runNow()
    const joined = job.runNow()
    const fresh = job.runFresh()
    await vi.advanceTimersByTimeAsync(0)
    expect(seen.runs).toBe(1)
    await vi.advanceTimersByTimeAsync(500)
    await Promise.all([first, joined])
    // The first run is over; the fresh one began only then, so it is still going.
    expect(seen).toMatchObject({ runs: 2, finished: 1 })
    let freshDone = false
    void fresh.then(() => (freshDone = true))
    await vi.advanceTimersByTimeAsync(499)
    expect(freshDone).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(freshDone).toBe(true)
    expect(seen).toMatchObject({ runs: 2, finished: 2, maxConcurrent: 1 })
    await stopped(job)
  })

  it('runFresh with nothing under way runs once at once', async () => {
    const { job, seen } = countedJob({ everyMs: 60_000, takesMs: 100 })
    const fresh = job.runFresh()
    await vi.advanceTimersByTimeAsync(100)
    await fresh
    expect(seen).toMatchObject({ runs: 1, finished: 1 })
    await stopped(job)
  })

  it('stop waits for the run under way and leaves no timer behind', async () => {
    const { job, seen } = countedJob({ everyMs: 1000, takesMs: 500, runAtStart: true })
    await vi.advanceTimersByTimeAsync(100)
    expect(seen).toMatchObject({ runs: 1, finished: 0 })
    let done = false
    const stopping = job.stop().then(() => (done = true))
    await vi.advanceTimersByTimeAsync(399)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await stopping
    expect(seen).toMatchObject({ runs: 1, finished: 1 })
    expect(vi.getTimerCount()).toBe(0)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(seen.runs).toBe(1)
  })

  it('does not run at start when stopped before the first turn', async () => {
    const { job, seen } = countedJob({ everyMs: 1000, takesMs: 10, runAtStart: true })
    await job.stop()
    await vi.advanceTimersByTimeAsync(5000)
    expect(seen.runs).toBe(0)
  })

  it('logs a failed run and tries again on the next tick', async () => {
    const error = vi.fn()
    let runs = 0
    const job = startIntervalJob({
      name: 'failing',
      everyMs: 1000,
      log: { error } as unknown as FastifyBaseLogger,
      run: async () => {
        runs++
        throw new Error('boom')
      },
    })
    await vi.advanceTimersByTimeAsync(3000)
    expect(runs).toBe(3)
    expect(error).toHaveBeenCalledTimes(3)
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'failing', err: expect.any(Error) }),
      'background job failed',
    )
    await expect(job.runNow()).resolves.toBeUndefined()
    await stopped(job)
  })

  it('with a ledger, asks at start and every minute, and runs only what the ledger hands it', async () => {
    const asked: { name: string; dueAfterMs: number }[] = []
    const answers = [false, false, true, false]
    let runs = 0
    const job = startIntervalJob({
      name: 'hourly',
      everyMs: 60 * 60_000,
      log: silent,
      ledger: {
        take: async (name, dueAfterMs) => {
          asked.push({ name, dueAfterMs })
          return answers.shift() ?? false
        },
      },
      run: async () => void runs++,
    })
    await vi.advanceTimersByTimeAsync(0)
    expect([asked.length, runs]).toEqual([1, 0])
    await vi.advanceTimersByTimeAsync(2 * 60_000)
    expect([asked.length, runs]).toEqual([3, 1])
    await vi.advanceTimersByTimeAsync(60_000)
    expect([asked.length, runs]).toEqual([4, 1])
    // Due half a minute early: a tick a moment ahead of the hour does not wait another minute.
    expect(asked[0]).toEqual({ name: 'hourly', dueAfterMs: 59.5 * 60_000 })
    await stopped(job)
  })

  it('with a ledger that cannot be read, logs it and runs nothing', async () => {
    const error = vi.fn()
    let runs = 0
    const job = startIntervalJob({
      name: 'hourly',
      everyMs: 60 * 60_000,
      log: { error } as unknown as FastifyBaseLogger,
      ledger: { take: async () => Promise.reject(new Error('database away')) },
      run: async () => void runs++,
    })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(runs).toBe(0)
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'hourly' }),
      'background job: its last run cannot be read',
    )
    await stopped(job)
  })
})
