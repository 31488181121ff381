import { sql } from 'drizzle-orm'
import type { OrderRow } from '../orders/orders.service.js'
import { invoiceMails } from './invoice-mails.js'
import type { InvoiceClaims, InvoiceRow, InvoicesDeps } from './invoice-parts.js'
import { invoices } from './invoices.tables.js'
import type { NotaAnswer } from './providers/nota-provider.js'

/** What the provider answered, written while the worker's claim still holds the row. */
export function invoiceSettle(deps: InvoicesDeps, claims: InvoiceClaims) {
  const { db, settings, mail } = deps
  const { authorisedMail, cancelDeniedMail } = invoiceMails(deps)

  return async function settle(
    row: InvoiceRow,
    providerName: string,
    answer: NotaAnswer,
    order: OrderRow,
  ) {
    const base = {
      provider: providerName,
      providerRef: answer.providerRef || row.providerRef,
      updatedAt: sql`now()`,
    }
    const cancelling = row.status === 'cancel_pending'
    if (answer.state === 'authorized' && !cancelling) {
      const content = await authorisedMail(order, answer)
      await db.transaction(async (tx) => {
        const [won] = await tx
          .update(invoices)
          .set({
            ...base,
            ...claims.released(),
            status: 'authorized',
            number: answer.number,
            pdfUrl: answer.pdfUrl,
            xmlUrl: answer.xmlUrl,
            message: null,
            authorizedAt: sql`now()`,
          })
          .where(claims.held(row))
          .returning({ id: invoices.id })
        if (won) {
          await mail.enqueue(tx, {
            ...content,
            dedupeKey: `order:${order.id}:nota-authorized`,
            to: order.customerEmail,
          })
        }
      })
      mail.wake()
      return
    }
    if (answer.state === 'cancelled') {
      await db
        .update(invoices)
        .set({ ...base, ...claims.released(), status: 'cancelled', message: null })
        .where(claims.held(row))
      return
    }
    if (answer.state === 'cancel_denied' || (answer.state === 'authorized' && cancelling)) {
      if (answer.state === 'authorized') {
        // Asked to cancel, still authorised: ask again later.
        await db
          .update(invoices)
          .set({ ...base, ...claims.retryLater(row) })
          .where(claims.held(row))
        return
      }
      const adminEmail = (await settings.get('admin_email')).trim()
      const content = adminEmail ? await cancelDeniedMail(order.id, answer.message) : null
      await db.transaction(async (tx) => {
        const [won] = await tx
          .update(invoices)
          .set({ ...base, ...claims.released(), status: 'cancel_denied', message: answer.message })
          .where(claims.held(row))
          .returning({ id: invoices.id })
        if (won && content) {
          await mail.enqueue(tx, {
            ...content,
            dedupeKey: `order:${order.id}:nota-cancel-denied`,
            to: adminEmail,
          })
        }
      })
      mail.wake()
      return
    }
    if (answer.state === 'error') {
      await db
        .update(invoices)
        .set({
          ...base,
          ...claims.retryLater(row),
          status: cancelling ? 'cancel_pending' : 'failed',
          message: answer.message ?? 'O emissor recusou a nota sem dizer o motivo',
        })
        .where(claims.held(row))
      return
    }
    // processing or cancelling: asked about again after the back-off.
    await db
      .update(invoices)
      .set({
        ...base,
        ...claims.retryLater(row),
        status: cancelling ? 'cancel_pending' : 'processing',
        message: null,
      })
      .where(claims.held(row))
  }
}
