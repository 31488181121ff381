/** The contact module's table: every 'Fale conosco' request, by its protocol number. */
import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.js'

export const contactRequests = pgTable(
  'contact_requests',
  {
    id: serial('id').primaryKey(),
    /** What the buyer was given at once: AAAAMMDD-XXXXXX. */
    protocol: text('protocol').notNull().unique(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The order she names, as typed (it may be a short id from an e-mail): not a foreign key. */
    orderId: text('order_id'),
    message: text('message').notNull(),
    createdAt: createdAt(),
    /**
     * When name, e-mail, order and message were replaced (an erasure, or the retention): the
     * protocol and the date stay, as the owner's record that a request came in and when.
     */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
  },
  (t) => [
    index('contact_requests_created_idx').on(t.createdAt),
    index('contact_requests_email_idx').on(t.email),
  ],
)
