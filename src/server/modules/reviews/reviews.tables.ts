/**
 * The reviews module's tables: buyers' reviews of products, and the review requests sent (one
 * per purchase, ever). Other modules reach them only through this module's service.
 */
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.js'
import { users } from '../accounts/accounts.tables.js'
import { purchases } from '../downloads/downloads.tables.js'
import { orders } from '../orders/orders.tables.js'
import { products } from '../products/products.tables.js'

export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The paid purchase that let her review: its refund hides the review. */
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The buyer's e-mail (lower case): one review per e-mail and product. */
    email: text('email').notNull(),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    /** Already reduced to first name and initial when stored: the full name is never kept. */
    displayName: text('display_name').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reply: text('reply'),
    /** Set when her purchase was refunded or cancelled: no longer shown nor counted. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('product_reviews_product_email_unique').on(t.productId, t.email),
    index('product_reviews_status_idx').on(t.status),
    index('product_reviews_order_idx').on(t.orderId),
    check('product_reviews_rating', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
)

/** One review request per purchase: the row's insertion is what sends the one e-mail. */
export const reviewRequests = pgTable('review_requests', {
  purchaseId: integer('purchase_id')
    .primaryKey()
    .references(() => purchases.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
})
