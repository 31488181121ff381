/**
 * The favorites module's table: the products an account hearted ('Favoritos'). A guest's list
 * lives in her browser until she logs in, then is merged here.
 */
import { index, integer, pgTable, uuid, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.js'
import { users } from '../accounts/accounts.tables.js'
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
    createdAt: createdAt(),
  },
  (t) => [
    // One heart per account and product, however many taps arrive at once.
    uniqueIndex('favorites_user_product_unique').on(t.userId, t.productId),
    // The admin's count per product.
    index('favorites_product_idx').on(t.productId),
  ],
)
