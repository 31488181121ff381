import { integer, text, timestamp } from 'drizzle-orm/pg-core'

/** Every table's creation time, set by the database. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/**
 * The columns a claimable row carries (db/claims.ts): its attempts so far, when it is next due,
 * and its lease (until when, and by which claim). Spread into a new table's columns.
 */
export const leaseColumns = () => ({
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  claimId: text('claim_id'),
})
