/**
 * The owner's 'Notas fiscais' list: each nota with its order's buyer name (reading the orders'
 * table, which only a read-model may join), and the monthly totals for the accountant.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import type { AdminInvoice, InvoiceMonth } from '../../../contracts/invoices.js'
import { centsToDecimal } from '../../../contracts/money.js'
import type { Db } from '../../db/client.js'
import { orders } from '../orders/orders.tables.js'
import { invoices } from './invoices.tables.js'

/** The newest 500 notas (or one order's), newest first. */
export async function invoiceRows(db: Db, orderId?: string): Promise<AdminInvoice[]> {
  const rows = await db
    .select({
      invoice: invoices,
      customerName: orders.customerName,
      companyName: orders.invoiceCompanyName,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(orderId ? eq(invoices.orderId, orderId) : undefined)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(500)
  return rows.map(({ invoice: i, customerName, companyName }) => ({
    orderId: i.orderId,
    status: i.status,
    number: i.number,
    amount: centsToDecimal(i.amountCents),
    pdfUrl: i.pdfUrl,
    xmlUrl: i.xmlUrl,
    message: i.message,
    provider: i.provider,
    customerName: companyName ?? customerName,
    createdAt: i.createdAt.toISOString(),
    authorizedAt: i.authorizedAt?.toISOString() ?? null,
  }))
}

/** Authorised notas still standing (not cancelled), by month in Brasília, the last 24 months. */
export async function invoiceMonths(db: Db): Promise<InvoiceMonth[]> {
  const month = sql<string>`to_char(${invoices.authorizedAt} AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM')`
  const rows = await db
    .select({
      month,
      count: sql<number>`count(*)::int`,
      cents: sql<number>`coalesce(sum(${invoices.amountCents}), 0)::int`,
    })
    .from(invoices)
    .where(and(isNotNull(invoices.authorizedAt), eq(invoices.status, 'authorized')))
    .groupBy(month)
    .orderBy(desc(month))
    .limit(24)
  return rows.map((r) => ({ month: r.month, count: r.count, total: centsToDecimal(r.cents) }))
}
