import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import type { OrderEffects, OrderRow } from '../orders/orders.service.js'
import {
  DAY_SECONDS,
  toCancel,
  WITHDRAWAL_DAYS,
  type InvoiceClaims,
  type InvoicesDeps,
} from './invoice-parts.js'
import { invoices } from './invoices.tables.js'

/**
 * The invoices' handlers of the order events: the row is written in the very transaction that
 * pays the order (`order_id` is unique, and only one caller ever pays an order); a refund or
 * cancellation drops a nota not yet issued and marks an issued one to be cancelled.
 */
export function invoiceOrderEffects(
  { settings }: Pick<InvoicesDeps, 'settings'>,
  claims: InvoiceClaims,
): OrderEffects {
  return {
    async preparePaid() {
      const [provider, issueOn, unidentified] = await Promise.all([
        settings.get('nfse_provider'),
        settings.get('nfse_issue_on'),
        settings.get('nfse_unidentified_buyer'),
      ])
      return async (tx: Db, order: OrderRow) => {
        // Nothing charged (a coupon took it all): no service was sold for money, no nota.
        if (provider === 'off' || order.totalCents === 0) return
        if (!order.invoiceTaxId && !unidentified) return
        const wait = issueOn === 'paid' ? 0 : WITHDRAWAL_DAYS * DAY_SECONDS
        await tx
          .insert(invoices)
          .values({
            orderId: order.id,
            amountCents: order.totalCents,
            nextAttemptAt: claims.secondsFromNow(wait) as unknown as Date,
          })
          .onConflictDoNothing({ target: invoices.orderId })
      }
    },
    async closed(tx, orderId, status) {
      if (status !== 'refunded' && status !== 'cancelled') return
      // Not issued yet: there will be none. Issued (or being issued): it is to be cancelled.
      await tx
        .update(invoices)
        .set({ status: 'dropped', updatedAt: sql`now()` })
        .where(
          and(eq(invoices.orderId, orderId), inArray(invoices.status, ['scheduled', 'failed'])),
        )
      await tx
        .update(invoices)
        .set(toCancel(claims))
        .where(
          and(
            eq(invoices.orderId, orderId),
            inArray(invoices.status, ['processing', 'authorized']),
          ),
        )
    },
  }
}
