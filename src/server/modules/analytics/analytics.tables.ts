/**
 * The analytics module's tables: the shop's funnel, counted without cookies or stored addresses.
 * A visitor is a hash of address + browser salted with that day's random salt; the salt of a
 * day that ended is deleted, so no hash can be linked to another day's or back to an address.
 * Other modules reach these rows only through this module's service (decision 009).
 */
import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.js'

/** Distinct visitors per day and funnel step: what the dashboard reads (one row per pair). */
export const funnelDaily = pgTable(
  'funnel_daily',
  {
    day: date('day').notNull(),
    step: text('step').notNull(),
    visitors: integer('visitors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.step] })],
)

/**
 * Which visitor hashes were counted today at each step, so one visitor counts once a day;
 * rows of past days are deleted with their salt.
 */
export const funnelVisitors = pgTable(
  'funnel_visitors',
  {
    day: date('day').notNull(),
    step: text('step').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.step, t.hash] })],
)

/** Today's random salt (one per day, shared by every instance); deleted once the day is over. */
export const funnelSalts = pgTable('funnel_salts', {
  day: date('day').primaryKey(),
  salt: text('salt').notNull(),
  createdAt: createdAt(),
})
