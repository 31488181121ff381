import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import type { Clock } from '../../db/claims.js'
import type { JobLedger } from '../../lib/interval-job.js'
import { scheduledJobs } from './scheduled-jobs.tables.js'

/**
 * The scheduled jobs' runs, kept in the database: a job is due when it never ran, or when its
 * last run (on any instance) started at least `dueAfterMs` ago. Taking a run is one
 * `INSERT … ON CONFLICT DO UPDATE … WHERE due RETURNING`: of instances asking at once, the one
 * whose statement finds the job due writes the new time, and the others, waiting on that row,
 * find it no longer due (decision 025). The clock is the database's `now()`, shared by every
 * instance, unless a test passes its own.
 */
export function createScheduledJobs(db: Db, clock?: Clock): JobLedger {
  const now = (): SQL => (clock ? sql`${clock().toISOString()}::timestamptz` : sql`now()`)
  return {
    async take(name, dueAfterMs) {
      const rows = await db
        .insert(scheduledJobs)
        .values({ name, lastRunAt: now() })
        .onConflictDoUpdate({
          target: scheduledJobs.name,
          set: { lastRunAt: sql`excluded.last_run_at` },
          setWhere: sql`${scheduledJobs.lastRunAt} <= ${now()} - ${dueAfterMs}::double precision * interval '1 millisecond'`,
        })
        .returning({ name: scheduledJobs.name })
      return rows.length === 1
    },
  }
}
