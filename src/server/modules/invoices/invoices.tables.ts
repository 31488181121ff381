/**
 * The invoices module's table: the nota fiscal (NFS-e) of a paid order, at most one per order
 * (`order_id` is unique), which is also the work to do (issue it, ask its status, cancel it):
 * claimed through the claims helper (decision 025), so two instances never both work a row.
 */
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { INVOICE_STATUSES } from '../../../contracts/invoices.js'
import { createdAt, leaseColumns } from '../../db/columns.js'
import { orders } from '../orders/orders.tables.js'

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    /**
     * scheduled: to be issued at next_attempt_at (when paid, or once the withdrawal window
     * passed); processing: sent, its authorisation asked about again; failed: the provider
     * refused, retried with back-off (the owner sees why, and may retry by hand); authorized;
     * cancel_pending: the order was refunded, the nota is to be cancelled; cancelled;
     * cancel_denied: the municipality keeps it (the owner is told); dropped: refunded before
     * it was issued, so there is none.
     */
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('scheduled'),
    /** Who issued it (nfse_provider at the time): a later switch still reaches its notas. */
    provider: text('provider'),
    /** The provider's id of the nota (Asaas' inv_…; Focus NFe uses the order id). */
    providerRef: text('provider_ref'),
    amountCents: integer('amount_cents').notNull(),
    number: text('number'),
    pdfUrl: text('pdf_url'),
    xmlUrl: text('xml_url'),
    /** The provider's own words on the last error or refused cancellation. */
    message: text('message'),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
    ...leaseColumns(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invoices_amount_non_negative', sql`${t.amountCents} >= 0`),
    index('invoices_status_due_idx').on(t.status, t.nextAttemptAt),
    index('invoices_authorized_idx').on(t.authorizedAt),
  ],
)
