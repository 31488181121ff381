/**
 * The stamping module's table: one row per PDF file of a purchase whose product is stamped,
 * which is at once the background job (claimed with SKIP LOCKED, as the outbox) and the
 * copy it made. Other modules reach it only through stamping.service.ts (decision 009).
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.js'
import { purchases } from '../downloads/downloads.tables.js'
import { orders } from '../orders/orders.tables.js'
import { products } from '../products/products.tables.js'

export const STAMP_STATUSES = ['pending', 'stamping', 'ready', 'fallback', 'revoked'] as const

export const stampedCopies = pgTable(
  'stamped_copies',
  {
    id: serial('id').primaryKey(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    /** The buyer's name and e-mail are read from the order when stamping, never copied here. */
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The original's storage key: a file replaced by the admin is a new key, a new copy. */
    sourceKey: text('source_key').notNull(),
    /**
     * pending: to be stamped (again, after a cleanup); stamping: claimed until `locked_until`;
     * ready: `copy_key` holds it; fallback: the original is delivered (`fallback_reason`);
     * revoked: the order was refunded, the copy is removed by the next cleanup.
     */
    status: text('status', { enum: STAMP_STATUSES }).notNull().default('pending'),
    /** Who holds the claim: a run that lost it (timed out meanwhile) must not write its result. */
    claimId: text('claim_id'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    copyKey: text('copy_key'),
    copySha256: text('copy_sha256'),
    copySize: bigint('copy_size', { mode: 'number' }),
    fallbackReason: text('fallback_reason'),
    lastError: text('last_error'),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // At most one copy per file and purchase, however often or wherever the job runs.
    uniqueIndex('stamped_copies_purchase_source_unique').on(t.purchaseId, t.sourceKey),
    index('stamped_copies_due_idx').on(t.status, t.nextAttemptAt),
    index('stamped_copies_product_idx').on(t.productId, t.status),
    check('stamped_copies_ready_has_copy', sql`${t.status} <> 'ready' OR ${t.copyKey} IS NOT NULL`),
  ],
)
