import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { DataExport } from '../../../contracts/privacy.js'
import type { Db } from '../../db/client.js'
import { ANONYMOUS_NAME, anonymousEmailSql } from '../../lib/anonymous.js'
import { orderItems, orders } from './orders.tables.js'

/** How long an order that was never paid keeps its buyer's data (decision 015). */
export const UNPAID_ORDER_RETENTION_MS = 90 * 24 * 60 * 60 * 1000

/** Whose orders: an account's own, or (the admin, for a request) every one of an e-mail too. */
export type OrderOwner = { userId: string } | { email: string; userId: string | null }

export interface OwnedOrder {
  id: string
  email: string
  whatsapp: string
}

/** What replaces a buyer's data on an order; amounts, items and payment ids stay. */
const anonymised = () => ({
  customerName: ANONYMOUS_NAME,
  customerEmail: anonymousEmailSql,
  customerWhatsapp: '',
  customerAddress: null,
  // The nota already issued keeps the document at the municipality; the store forgets it.
  invoiceTaxId: null,
  invoiceCompanyName: null,
  // The cart session proved ownership of the order; nobody needs to prove it any more.
  sessionId: null,
  adContext: null,
  anonymisedAt: sql`now()`,
  updatedAt: sql`now()`,
})

/** The orders module's part of the LGPD requests and of the retention of unpaid orders. */
export function orderPersonalData(db: Db) {
  return {
    /** The orders of `owner` not yet anonymised, with the addresses they were placed with. */
    async ownedBy(owner: OrderOwner): Promise<OwnedOrder[]> {
      const where =
        'email' in owner
          ? owner.userId
            ? or(eq(orders.customerEmail, owner.email), eq(orders.userId, owner.userId))
            : eq(orders.customerEmail, owner.email)
          : eq(orders.userId, owner.userId)
      return db
        .select({ id: orders.id, email: orders.customerEmail, whatsapp: orders.customerWhatsapp })
        .from(orders)
        .where(and(where, isNull(orders.anonymisedAt)))
    },

    /** These orders with their lines, as the owner's export shows them. */
    async exportOf(orderIds: string[]): Promise<DataExport['orders']> {
      if (orderIds.length === 0) return []
      const rows = await db
        .select()
        .from(orders)
        .where(inArray(orders.id, orderIds))
        .orderBy(desc(orders.createdAt))
      const lines = await db
        .select()
        .from(orderItems)
        .where(inArray(orderItems.orderId, orderIds))
        .orderBy(asc(orderItems.id))
      return rows.map((o) => ({
        id: o.id,
        status: o.status,
        customerName: o.customerName,
        customerEmail: o.customerEmail,
        customerWhatsapp: o.customerWhatsapp,
        customerAddress: o.customerAddress,
        invoice: o.invoiceTaxId
          ? { taxId: o.invoiceTaxId, companyName: o.invoiceCompanyName }
          : null,
        totalCents: o.totalCents,
        paymentMethod: o.paymentMethod,
        createdAt: o.createdAt.toISOString(),
        paidAt: o.paidAt?.toISOString() ?? null,
        items: lines
          .filter((l) => l.orderId === o.id)
          .map((l) => ({
            productName: l.productName,
            unitPriceCents: l.unitPriceCents,
            quantity: l.quantity,
          })),
      }))
    },

    /**
     * Replaces the buyer's data on these orders inside the erasure's transaction. Only orders
     * not yet anonymised: a second erasure racing the first (row locks make it wait, then
     * re-read) changes nothing. Answers how many this call anonymised.
     */
    async anonymise(tx: Db, orderIds: string[]): Promise<number> {
      if (orderIds.length === 0) return 0
      const rows = await tx
        .update(orders)
        .set(anonymised())
        .where(and(inArray(orders.id, orderIds), isNull(orders.anonymisedAt)))
        .returning({ id: orders.id })
      return rows.length
    },

    /**
     * Orders never paid and older than 90 days lose their buyer's data. One idempotent UPDATE:
     * instances running it at once each take the rows the other has not (`anonymised_at` is
     * re-checked under the row lock), so every order is anonymised once. Answers their ids.
     */
    async anonymiseUnpaid(tx: Db, nowMs: number): Promise<string[]> {
      const rows = await tx
        .update(orders)
        .set(anonymised())
        .where(
          and(
            isNull(orders.paidAt),
            inArray(orders.status, ['pending', 'cancelled']),
            lt(orders.createdAt, new Date(nowMs - UNPAID_ORDER_RETENTION_MS)),
            isNull(orders.anonymisedAt),
          ),
        )
        .returning({ id: orders.id })
      return rows.map((r) => r.id)
    },
  }
}
