/**
 * The abandoned-checkout module's tables: what a buyer who ticked the newsletter box typed at
 * checkout (e-mail and items), per cart session, kept DRAFT_KEEP_DAYS. Each row is also the
 * one reminder's job, claimed (db/claims.ts) so that no cart is ever e-mailed twice; and the
 * last reminder of each address, so that no address gets more than one a week.
 */
import { index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, leaseColumns } from '../../db/columns.js'

export const checkoutDrafts = pgTable(
  'checkout_drafts',
  {
    id: serial('id').primaryKey(),
    /** The cart session (X-Session-ID): one draft, and one e-mail at most, per cart. */
    cartSession: text('cart_session').notNull(),
    email: text('email').notNull(),
    items: jsonb('items').$type<Array<{ productId: number; quantity: number }>>().notNull(),
    /** The restore link's key. */
    token: text('token').notNull(),
    /** Last typed: the quiet time is counted from here. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** pending: may be e-mailed; emailed: it was; skipped: an order followed, nothing sent. */
    status: text('status', { enum: ['pending', 'emailed', 'skipped'] })
      .notNull()
      .default('pending'),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    ...leaseColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('checkout_drafts_cart_unique').on(t.cartSession),
    uniqueIndex('checkout_drafts_token_unique').on(t.token),
    index('checkout_drafts_due_idx').on(t.status, t.updatedAt),
  ],
)

/**
 * When each address last got a reminder, whatever the cart (kept DRAFT_KEEP_DAYS, like the
 * drafts). The address is the key: reminders of two carts of one address, on two instances at
 * once, meet on its row, and only one finds it free.
 */
export const checkoutReminderAddresses = pgTable('checkout_reminder_addresses', {
  email: text('email').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
})
