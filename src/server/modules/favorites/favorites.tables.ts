/**
 * The favorites module's tables: the products an account hearted ('Favoritos'), the public
 * links to those lists, and which coupons each account was already told of. A guest's list
 * lives in her browser until she logs in, then is merged here.
 */
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.js'
import { users } from '../accounts/accounts.tables.js'
import { coupons } from '../coupons/coupons.tables.js'
import { products } from '../products/products.tables.js'

export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /**
     * The lowest price she has seen for it: its price when hearted, lowered each time she is
     * told it got cheaper. Only a price below it is news. Null only when no price was read (the
     * alerts' job then reads it without telling anything).
     */
    priceSeenCents: integer('price_seen_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    // One heart per account and product, however many taps arrive at once.
    uniqueIndex('favorites_user_product_unique').on(t.userId, t.productId),
    // The admin's count per product.
    index('favorites_product_idx').on(t.productId),
  ],
)

/**
 * 'Compartilhar lista': one read-only public link per account. The token is all it carries
 * (no name, no e-mail); revoking deletes the row, and the next share makes a new token.
 */
export const favoriteShares = pgTable('favorite_shares', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
})

/** A coupon the owner announces, told once to each account that hearted what it covers. */
export const favoriteCouponNotices = pgTable(
  'favorite_coupon_notices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.couponId] })],
)
