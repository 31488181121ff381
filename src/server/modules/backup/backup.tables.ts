/**
 * The backup module's tables: the scheduled runs (one row per job and period, claimed so that
 * one instance runs it, decision 025) and the copies written (where, how big, verified or not).
 */
import {
  bigint,
  boolean,
  index,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createdAt, leaseColumns } from '../../db/columns.js'

/**
 * "Run job X for period P at most once across instances": `nightly` per day and hour slot
 * (`2026-11-27@3`), and the one `lock` row every run holds while it writes, so two runs never
 * overlap (a manual one included).
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: serial('id').primaryKey(),
    job: text('job').notNull(),
    period: text('period').notNull(),
    status: text('status', { enum: ['pending', 'done'] })
      .notNull()
      .default('pending'),
    lastError: text('last_error'),
    ...leaseColumns(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('backup_runs_job_period_unique').on(t.job, t.period)],
)

/**
 * One archive the store wrote, under one name in BACKUP_DIR and/or the backup bucket.
 * `verifiedAt` is set only once every copy was read back and every hash and both signatures
 * held; `problem` says why not. Retention deletes only verified rows' copies.
 */
export const backupCopies = pgTable(
  'backup_copies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['nightly', 'manual', 'premigrate'] }).notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    inDir: boolean('in_dir').notNull().default(false),
    inS3: boolean('in_s3').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    problem: text('problem'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('backup_copies_name_unique').on(t.name),
    index('backup_copies_taken_idx').on(t.takenAt),
  ],
)
