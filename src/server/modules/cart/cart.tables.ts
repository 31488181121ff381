/**
 * The cart module's table: one line per product in a guest's or a user's cart.
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.js'
import { users } from '../accounts/accounts.tables.js'
import { products } from '../products/products.tables.js'

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    /**
     * The cart's key: the guest's X-Session-ID, or `user:<userId>` for a logged-in buyer's cart,
     * so the (session_id, product_id) unique index also keeps one line per product per user.
     */
    sessionId: text('session_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** The last emergency add's timestamp: a retry carrying it again adds nothing more. */
    lastAddKey: text('last_add_key'),
    createdAt: createdAt(),
  },
  (t) => [
    check('cart_items_quantity_positive', sql`${t.quantity} >= 1`),
    uniqueIndex('cart_items_session_product_unique').on(t.sessionId, t.productId),
    index('cart_items_user_idx').on(t.userId),
  ],
)
