/**
 * The guest-access module's table: proofs that someone holds a buyer's e-mail inbox. A code
 * or a link is e-mailed to the address; following it opens a short access in the browser
 * (`session`). Every secret is kept only as a hash (decision 013).
 * Other modules reach these rows only through this module's service (decision 009).
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.js'

export const guestAccess = pgTable(
  'guest_access',
  {
    id: serial('id').primaryKey(),
    /**
     * Scoped to an e-mail (proof of its inbox, sent only to it): `code`: 6 digits, 15 minutes,
     * 5 attempts, used once. `link`: the order e-mails' button, 30 days, reusable. `session`:
     * what the browser holds after either, hours.
     * Scoped to one order (sent where the buyer proved nothing, e.g. the WhatsApp typed at
     * checkout): `pay_link`: the reminder's way back to that order's payment page;
     * `pay_session`: the browser's access to that page only.
     */
    kind: text('kind', {
      enum: ['code', 'link', 'session', 'pay_link', 'pay_session'],
    }).notNull(),
    /** Lowercase, as orders keep it (for a payment token, the order's: erasure finds it). */
    email: text('email').notNull(),
    /** The one order a `pay_link` or `pay_session` opens; null for the e-mail's kinds. */
    orderId: text('order_id'),
    /** SHA-256 of the secret (for a code, of the row's salt and the code). */
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong codes tried against this row. */
    attempts: integer('attempts').notNull().default(0),
    /** A code once used (or replaced by a newer one); links and sessions are never used up. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('guest_access_secret_unique').on(t.secretHash),
    index('guest_access_email_idx').on(t.email, t.kind),
    index('guest_access_expires_idx').on(t.expiresAt),
  ],
)
