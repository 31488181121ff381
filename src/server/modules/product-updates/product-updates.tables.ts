/**
 * The product-updates module's tables: each announced version of a product's files (at once
 * the background job that tells its buyers, walked in batches, claimed as the outbox is), and
 * who was told of it (one notice per buyer and version).
 */
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, leaseColumns } from '../../db/columns.js'
import { products } from '../products/products.tables.js'

export const productUpdates = pgTable(
  'product_updates',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The files' fingerprint (their hashes, in order): a version is announced once. */
    version: text('version').notNull(),
    note: text('note').notNull().default(''),
    /** sending: buyers still to be told; done: every batch written. */
    status: text('status', { enum: ['sending', 'done'] })
      .notNull()
      .default('sending'),
    /** The last purchase id a committed batch handled: the next batch starts after it. */
    cursor: integer('cursor').notNull().default(0),
    /** Buyers (distinct e-mails) told so far. */
    notified: integer('notified').notNull().default(0),
    ...leaseColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('product_updates_version_unique').on(t.productId, t.version),
    index('product_updates_due_idx').on(t.status, t.nextAttemptAt),
  ],
)

export const productUpdateRecipients = pgTable(
  'product_update_recipients',
  {
    updateId: integer('update_id')
      .notNull()
      .references(() => productUpdates.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.updateId, t.email] })],
)
