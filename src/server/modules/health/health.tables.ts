/**
 * The health module's tables: what each check last found (for `since`), the alert e-mails
 * (one row per check and period, claimed so two instances send one, decision 025), and the
 * payment providers' consecutive failures (written where the pipeline and webhooks see them).
 */
import {
  boolean,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { leaseColumns } from '../../db/columns.js'

/** Each check's state and since when it has been so. */
export const healthStates = pgTable('health_states', {
  name: text('name').primaryKey(),
  ok: boolean('ok').notNull(),
  since: timestamp('since', { withTimezone: true }).notNull(),
  message: text('message').notNull().default(''),
})

/**
 * One alert e-mail: `down:2026-11-27` (at most one a day while the problem lasts) or
 * `up:<since>` (once when it is solved). Claimed, then written `done` with the e-mail enqueued.
 */
export const healthAlerts = pgTable(
  'health_alerts',
  {
    id: serial('id').primaryKey(),
    check: text('check').notNull(),
    period: text('period').notNull(),
    status: text('status', { enum: ['pending', 'done'] })
      .notNull()
      .default('pending'),
    ...leaseColumns(),
  },
  (t) => [uniqueIndex('health_alerts_check_period_unique').on(t.check, t.period)],
)

/** A payment provider's API calls or webhooks: failures in a row, reset by a success. */
export const providerFailures = pgTable(
  'provider_failures',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    kind: text('kind', { enum: ['api', 'webhook'] }).notNull(),
    failuresInARow: integer('failures_in_a_row').notNull().default(0),
    firstFailureAt: timestamp('first_failure_at', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [uniqueIndex('provider_failures_unique').on(t.provider, t.kind)],
)
