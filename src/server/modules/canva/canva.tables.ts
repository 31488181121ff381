/**
 * The canva module's table: template links, the product's own and one per purchase.
 * Other modules reach these rows only through this module's service; a `*.tables.ts` file may
 * import another's only for a foreign key (decision 009).
 */
import {
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
import { purchases } from '../downloads/downloads.tables.js'
import { products } from '../products/products.tables.js'

export const canvaLinks = pgTable(
  'canva_links',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The purchase that granted it; unique so paying twice grants one link. */
    purchaseId: integer('purchase_id').references(() => purchases.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerEmail: text('customer_email'),
    templateId: text('template_id'),
    linkUrl: text('link_url').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Every opening through the store's address, counted as downloads are. */
    openCount: integer('open_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('canva_links_purchase_unique').on(t.purchaseId),
    index('canva_links_user_idx').on(t.userId),
  ],
)
