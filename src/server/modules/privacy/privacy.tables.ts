/**
 * The privacy module's table: the audit of data-rights requests (LGPD art. 18) the store
 * answered. It holds no personal data beyond the request's date and a SHA-256 of the e-mail,
 * so the list itself never needs erasing, and a hash of a later request's e-mail still finds it.
 * Other modules reach it only through privacy.service.ts (decision 009).
 */
import { index, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.js'
import { users } from '../accounts/accounts.tables.js'

export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: serial('id').primaryKey(),
    /** export: the data handed over; erasure: the data anonymised. */
    action: text('action', { enum: ['export', 'erasure'] }).notNull(),
    /** admin: answered by the admin for a request by WhatsApp or e-mail; customer: self-service. */
    requestedVia: text('requested_via', { enum: ['admin', 'customer'] }).notNull(),
    /** The admin who answered (null for the customer's own). */
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 (hex) of the lowercase e-mail. */
    emailHash: text('email_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('privacy_requests_created_idx').on(t.createdAt)],
)
