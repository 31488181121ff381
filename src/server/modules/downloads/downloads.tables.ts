/**
 * The downloads module's tables: what a paid order grants (purchases with their quota) and the log of every download.
 * Other modules reach these rows only through this module's service; a `*.tables.ts` file may
 * import another's only for a foreign key (decision 009).
 */
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.js'
import { users } from '../accounts/accounts.tables.js'
import { orderItems, orders } from '../orders/orders.tables.js'
import { products } from '../products/products.tables.js'

export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * Unique with the product: paying an order twice, or twice at once, cannot create a second
     * purchase; a kit's line grants one per included product.
     */
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerEmail: text('customer_email').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    downloadCount: integer('download_count').notNull().default(0),
    maxDownloads: integer('max_downloads').notNull(),
    /**
     * Unix seconds until which the last link issued for this purchase is valid. Asking again
     * before then answers the same signed link (same claims, same exp) without spending.
     */
    linkExp: integer('link_exp'),
    /** Set when the order is refunded or cancelled: downloads stop at once. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Set while an automatic refund is under way (it found nothing downloaded or opened): no
     * download, link or Canva opening is served meanwhile; cleared if the refund fails.
     */
    refundHeldAt: timestamp('refund_held_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('purchases_order_item_product_unique').on(t.orderItemId, t.productId),
    check('purchases_quota', sql`${t.downloadCount} <= ${t.maxDownloads}`),
    index('purchases_user_idx').on(t.userId),
    index('purchases_email_idx').on(t.customerEmail),
  ],
)

export const downloadLog = pgTable(
  'download_log',
  {
    id: serial('id').primaryKey(),
    /** Null for a free product's download. */
    purchaseId: integer('purchase_id').references(() => purchases.id, { onDelete: 'set null' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('download_log_product_idx').on(t.productId)],
)
