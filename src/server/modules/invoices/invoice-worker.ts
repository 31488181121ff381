import { sql } from 'drizzle-orm'
import type { OrderRow } from '../orders/orders.service.js'
import { invoiceSettle } from './invoice-settle.js'
import {
  brasiliaDay,
  NOT_SET_UP,
  providerWords,
  type InvoiceClaims,
  type InvoiceRow,
  type InvoicesDeps,
} from './invoice-parts.js'
import { invoices } from './invoices.tables.js'
import type { NotaProvider, NotaRequest } from './providers/nota-provider.js'

/**
 * The worker's step on one claimed nota: issue it, ask the provider about it, or cancel it,
 * the provider getting the order id as its reference, so a retry after a lost answer finds the
 * nota instead of asking for a second one.
 */
export function invoiceWorker(deps: InvoicesDeps, claims: InvoiceClaims) {
  const { db, settings, notas, log } = deps
  const nowDate = () => deps.now?.() ?? new Date()
  const settle = invoiceSettle(deps, claims)

  async function requestOf(row: InvoiceRow, order: OrderRow): Promise<NotaRequest> {
    const [serviceCode, serviceDescription, issRate, issWithheld, lines] = await Promise.all([
      settings.get('nfse_service_code'),
      settings.get('nfse_service_description'),
      settings.get('nfse_iss_rate'),
      settings.get('nfse_iss_withheld'),
      deps.orders.lines(order.id),
    ])
    const bought = lines.map((l) => `${l.quantity}x ${l.productName}`).join(', ')
    return {
      orderId: order.id,
      amountCents: row.amountCents,
      payment: { provider: order.paymentProvider, id: order.providerPaymentId },
      description: `${serviceDescription}: ${bought}`.slice(0, 2000),
      serviceCode,
      issRate,
      issWithheld,
      effectiveDate: brasiliaDay(order.paidAt ?? nowDate()),
      buyer: {
        name: order.customerName,
        email: order.customerEmail,
        taxId: order.invoiceTaxId,
        companyName: order.invoiceCompanyName,
      },
    }
  }

  async function failed(row: InvoiceRow, message: string) {
    await db
      .update(invoices)
      .set({
        ...claims.retryLater(row),
        status: row.status === 'scheduled' ? 'failed' : row.status,
        message,
        updatedAt: sql`now()`,
      })
      .where(claims.held(row))
  }

  async function work(row: InvoiceRow): Promise<void> {
    const order = await deps.orders.find(row.orderId)
    if (!order) return failed(row, 'Pedido não encontrado')
    const provider: NotaProvider | null = row.provider
      ? await notas.named(row.provider)
      : await notas.current()
    if (!provider) return failed(row, NOT_SET_UP)
    const ref = { orderId: row.orderId, providerRef: row.providerRef }
    try {
      if (row.status === 'cancel_pending') {
        const now = row.providerRef || row.provider ? await provider.status(ref) : null
        if (!now || now.state === 'error') {
          // Nothing was ever authorised there: nothing to cancel.
          await db
            .update(invoices)
            .set({ ...claims.released(), status: 'cancelled', updatedAt: sql`now()` })
            .where(claims.held(row))
          return
        }
        if (now.state === 'cancelled' || now.state === 'cancelling') {
          return settle(row, provider.name, now, order)
        }
        return settle(row, provider.name, await provider.cancel(ref, 'Pedido reembolsado'), order)
      }
      if (row.status === 'processing') {
        const now = await provider.status(ref)
        if (now) return settle(row, provider.name, now, order)
      }
      return settle(row, provider.name, await provider.issue(await requestOf(row, order)), order)
    } catch (err) {
      log.warn({ err, orderId: row.orderId }, 'nota fiscal step failed')
      return failed(row, providerWords(err))
    }
  }

  async function runDue(limit = 20): Promise<number> {
    const rows = await claims.claimDue(db, limit)
    for (const row of rows) await work(row)
    return rows.length
  }

  return { runDue }
}
