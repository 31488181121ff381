/**
 * The refunds module's table: one refund (asked by the buyer or made by the owner) per order.
 * Other modules reach it only through refunds.service.ts (decision 009).
 */
import { index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { REFUND_STATUSES } from '../../../contracts/refunds.js'
import { createdAt } from '../../db/columns.js'
import { orders } from '../orders/orders.tables.js'

export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    /** Unique: one request per order, however many arrive at once. */
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    origin: text('origin', { enum: ['buyer', 'admin'] }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    reason: text('reason').notNull().default(''),
    /** The owner's word to the buyer when declining. */
    decisionNote: text('decision_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refunds_order_unique').on(t.orderId),
    index('refunds_status_idx').on(t.status),
  ],
)
