/**
 * The system module's table: when each scheduled job last started, on any instance. A store
 * restarted more often than a job's interval still runs it, and several instances run it once
 * per interval between them (scheduled-jobs.service.ts, decision 025).
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const scheduledJobs = pgTable('scheduled_jobs', {
  /** The job's name, as `startIntervalJob` is given it: 'review-requests'. */
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
})
