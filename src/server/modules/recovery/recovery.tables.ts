/**
 * The recovery module's tables: the reminders sent about unpaid PIX orders, and each order's
 * opt-out. Other modules reach these rows only through this module's service (decision 009);
 * the admin's report reads them in `admin/reports.read-model.ts`.
 */
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { orders } from '../orders/orders.tables.js'

/** One row per reminder sent: the primary key is the claim that keeps it to once. */
export const recoveryReminders = pgTable(
  'recovery_reminders',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1: after recovery_first_minutes; 2: after recovery_second_hours. */
    step: integer('step').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.step] })],
)

/** An order's opt-out link (random token), written with its first reminder. */
export const recoveryOptOuts = pgTable('recovery_opt_outs', {
  orderId: text('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  /** Set when the buyer tapped the link: no further reminder for this order. */
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
})
