import { and, eq, sql } from 'drizzle-orm'
import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createFreshDatabase } from '../testing/test-app.js'
import { exponentialBackoff, rowClaims, type Clock } from './claims.js'
import { openDatabase, type Database } from './client.js'
import { leaseColumns } from './columns.js'

// A table of the kind the scheduled jobs keep: one row per job and period ("renew subscription
// 7 for 2026-11"), at most one run of it however many instances try, retried with back-off.
const jobRuns = pgTable(
  'claim_test_job_runs',
  {
    id: serial('id').primaryKey(),
    job: text('job').notNull(),
    period: text('period').notNull(),
    status: text('status', { enum: ['pending', 'done'] })
      .notNull()
      .default('pending'),
    runs: integer('runs').notNull().default(0),
    ...leaseColumns(),
  },
  (t) => [uniqueIndex('claim_test_job_runs_unique').on(t.job, t.period)],
)

const START = new Date('2026-11-25T12:00:00Z')
let nowMs = START.getTime()
const clock: Clock = () => new Date(nowMs)
const later = (seconds: number) => {
  nowMs += seconds * 1000
}

const claimsOf = (expired: 'retake' | 'settle', withClock = true) =>
  rowClaims({
    table: jobRuns,
    leaseSeconds: 60,
    backoffSeconds: exponentialBackoff(30, 600),
    eligible: eq(jobRuns.status, 'pending'),
    expired,
    clock: withClock ? clock : undefined,
  })

// Two instances: on PostgreSQL two pools on one database (real concurrency); on PGlite, one.
let first: Database
let second: Database
let dropDatabase = async () => {}

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    const fresh = await createFreshDatabase(process.env.DATABASE_URL)
    dropDatabase = fresh.drop
    first = await openDatabase({ url: fresh.url, dataDir: 'memory://' })
    second = await openDatabase({ url: fresh.url, dataDir: 'memory://' })
  } else {
    first = await openDatabase({ dataDir: 'memory://' })
    second = first
  }
  await first.db.execute(sql`
    CREATE TABLE claim_test_job_runs (
      id serial PRIMARY KEY, job text NOT NULL, period text NOT NULL,
      status text NOT NULL DEFAULT 'pending', runs integer NOT NULL DEFAULT 0,
      attempts integer NOT NULL DEFAULT 0, next_attempt_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz, claim_id text, UNIQUE (job, period))`)
})

afterAll(async () => {
  if (second !== first) await second.close()
  await first.close()
  await dropDatabase()
})

beforeEach(async () => {
  nowMs = START.getTime()
  await first.db.delete(jobRuns)
})

async function insertRuns(n: number) {
  const values = Array.from({ length: n }, (_, i) => ({
    job: 'backup',
    period: `2026-11-${String(i + 1).padStart(2, '0')}`,
    nextAttemptAt: START,
  }))
  return first.db.insert(jobRuns).values(values).returning()
}

describe('row claims', () => {
  it('hands each row to one claim only: 2 instances, 20 claims each at once, 20 rows', async () => {
    const rows = await insertRuns(20)
    const claims = claimsOf('retake')
    const attempts = [first, second].flatMap((instance) =>
      Array.from({ length: 20 }, () => claims.claimDue(instance.db, 1)),
    )
    const claimed = (await Promise.all(attempts)).flat()
    expect(claimed.map((r) => r.id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id))
    expect(new Set(claimed.map((r) => r.claimId)).size).toBe(20)
    const after = await first.db.select().from(jobRuns)
    expect(after.every((r) => r.attempts === 1 && r.lockedUntil !== null)).toBe(true)
  })

  it('gives one key to one of many claims at once, and a taken row to none', async () => {
    await insertRuns(1)
    const claims = claimsOf('retake')
    const key = and(eq(jobRuns.job, 'backup'), eq(jobRuns.period, '2026-11-01'))!
    const won = await Promise.all(
      [first, second].flatMap((instance) =>
        Array.from({ length: 10 }, () => claims.claimOne(instance.db, key)),
      ),
    )
    expect(won.filter(Boolean)).toHaveLength(1)
    expect(await claims.claimOne(first.db, key)).toBeNull()
  })

  it('takes up a dead holder’s row once its lease ran out, and the old holder can no longer extend it', async () => {
    await insertRuns(1)
    const claims = claimsOf('retake')
    const [dead] = await claims.claimDue(first.db, 5)
    later(59)
    expect(await claims.claimDue(second.db, 5)).toEqual([])
    later(2)
    const [taker] = await claims.claimDue(second.db, 5)
    expect(taker).toMatchObject({ id: dead!.id, attempts: 2 })
    expect(await claims.extend(first.db, dead!)).toBe(false)
    expect(await claims.extend(second.db, taker!)).toBe(true)
  })

  it('never retakes an expired lease when the work may have happened (settle): it is found abandoned', async () => {
    const [row] = await insertRuns(1)
    const claims = claimsOf('settle')
    await claims.claimDue(first.db, 5)
    later(61)
    expect(await claims.claimDue(second.db, 5)).toEqual([])
    const abandoned = await first.db.select().from(jobRuns).where(claims.abandoned())
    expect(abandoned.map((r) => r.id)).toEqual([row!.id])
  })

  it('waits the back-off after a failed attempt, longer after each', async () => {
    await insertRuns(1)
    const claims = claimsOf('retake')
    const fail = async () => {
      const [row] = await claims.claimDue(first.db, 1)
      await first.db.update(jobRuns).set(claims.retryLater(row!)).where(claims.held(row!))
      return row!
    }
    expect((await fail()).attempts).toBe(1)
    later(29)
    expect(await claims.claimDue(first.db, 1)).toEqual([])
    later(1)
    expect((await fail()).attempts).toBe(2)
    later(59)
    expect(await claims.claimDue(first.db, 1)).toEqual([])
    later(1)
    expect(await claims.claimDue(first.db, 1)).toHaveLength(1)
  })

  it('runs job X for period P once across instances, whoever asks how often', async () => {
    const claims = claimsOf('retake')
    const runOnce = async (instance: Database) => {
      await instance.db
        .insert(jobRuns)
        .values({ job: 'renewals', period: '2026-11', nextAttemptAt: START })
        .onConflictDoNothing()
      const key = and(eq(jobRuns.job, 'renewals'), eq(jobRuns.period, '2026-11'))!
      const row = await claims.claimOne(instance.db, key)
      if (!row) return
      await claims.holdWhile(
        instance.db,
        row,
        () =>
          instance.db
            .update(jobRuns)
            .set({ runs: sql`${jobRuns.runs} + 1` })
            .where(eq(jobRuns.id, row.id)),
        () => {},
      )
      await instance.db
        .update(jobRuns)
        .set({ status: 'done', ...claims.released() })
        .where(claims.held(row))
    }
    await Promise.all([first, second].flatMap((i) => [runOnce(i), runOnce(i), runOnce(i)]))
    later(3600)
    await runOnce(second)
    const rows = await first.db.select().from(jobRuns)
    expect(rows).toMatchObject([{ runs: 1, status: 'done', attempts: 1, lockedUntil: null }])
  })

  it('measures on the database’s clock when given none', async () => {
    await first.db.insert(jobRuns).values({ job: 'backup', period: 'hoje' })
    const claims = claimsOf('retake', false)
    const [row] = await claims.claimDue(first.db, 1)
    const lease = row!.lockedUntil!.getTime() - Date.now()
    expect(lease).toBeGreaterThan(55_000)
    expect(lease).toBeLessThan(65_000)
  })
})
