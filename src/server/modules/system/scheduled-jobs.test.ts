import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.js'
import { startIntervalJob, type JobLedger } from '../../lib/interval-job.js'
import { manualClock } from '../../testing/clock.js'
import { buyAsGuest, grantedDownload } from '../../testing/downloads.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { reviewRequests } from '../reviews/reviews.tables.js'
import { createScheduledJobs } from './scheduled-jobs.service.js'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const silent = { error: () => {} } as unknown as FastifyBaseLogger
const onPostgres = Boolean(process.env.DATABASE_URL)

let store: TestStore
let shift = 0

beforeAll(async () => {
  store = await createTestStore({ now: () => new Date(Date.now() + shift) })
})
afterAll(() => store.close())

/** An hourly job counting its runs, its last run kept by `ledger` (as each start builds it). */
function hourlyJob(ledger: JobLedger, name: string) {
  const seen = { runs: 0 }
  const job = startIntervalJob({
    name,
    everyMs: HOUR,
    ledger,
    log: silent,
    run: async () => void seen.runs++,
  })
  return { job, seen }
}

/** A start of the store's process: the job asks once (the first question is the start's). */
async function started(ledger: JobLedger, name: string) {
  const { job, seen } = hourlyJob(ledger, name)
  await job.runIfDue()
  return { job, seen }
}

describe('a scheduled job whose last run is in the database', () => {
  it('runs at the first start, not at a restart within its interval, and at one after it', async () => {
    const clock = manualClock(Date.parse('2026-12-01T10:00:00Z'))
    const ledger = createScheduledJobs(store.database.db, () => new Date(clock.now()))
    let runs = 0
    const restart = async () => {
      const { job, seen } = await started(ledger, 'test-hourly')
      await job.stop()
      runs += seen.runs
    }
    await restart()
    expect(runs).toBe(1)
    // Restarted every 40 minutes: it still runs once an hour, not never.
    for (const minutes of [40, 40, 40]) {
      clock.advance(minutes * 60_000)
      await restart()
    }
    expect(runs).toBe(2)
    clock.advance(40 * 60_000)
    await restart()
    expect(runs).toBe(3)
  })

  it(`runs once for 40 starts at once${onPostgres ? ', on two instances' : ''}`, async () => {
    const other = onPostgres ? await createTestStore({ databaseUrl: store.databaseUrl }) : store
    try {
      const ledgers = [
        createScheduledJobs(store.database.db),
        createScheduledJobs(other.database.db),
      ]
      const starts = await Promise.all(
        Array.from({ length: 40 }, (_, i) => started(ledgers[i % 2]!, 'test-once')),
      )
      await Promise.all(starts.map(({ job }) => job.stop()))
      expect(starts.reduce((sum, { seen }) => sum + seen.runs, 0)).toBe(1)
    } finally {
      if (other !== store) await other.close()
    }
  })
})

describe('the review request after a restart', () => {
  it('is written when the store starts, not an hour later', async () => {
    const planner = await insertProduct(store, { name: 'Planner Semanal' })
    const buyer = await buyAsGuest(store, planner.id)
    await grantedDownload(store, buyer, planner.id)
    // Three days later (review_request_days) the store starts again, its timers on.
    shift = 3 * DAY + 60_000
    const restarted = await buildApp({ ...store.app.deps, backgroundJobs: true })
    try {
      await restarted.ready()
      const start = Date.now()
      while ((await store.database.db.select().from(reviewRequests)).length === 0) {
        expect(Date.now() - start, 'no review request written at start').toBeLessThan(10_000)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    } finally {
      await restarted.close()
      shift = 0
    }
  }, 20_000)
})
