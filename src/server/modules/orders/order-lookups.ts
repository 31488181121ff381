import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm'
import type { OrderSummary } from '../../../contracts/checkout.js'
import type { GuestCredentials } from '../../../contracts/downloads.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { whatsappMatches } from '../../lib/phone.js'
import type { Role } from '../accounts/sessions.service.js'
import { orderPersonalData } from './order-personal-data.js'
import { payableRecentlyWhere, stillPayableWhere } from './order-states.js'
import { summariseOrders } from './order-summary.js'
import { linesOf, type OrderLineRow } from './order-transitions.js'
import { orderItems, orders } from './orders.tables.js'
import type { OrderRow } from './place-order.js'

/**
 * Who asks about an order: the session's user (and role), the request's cart session, and the
 * e-mail whose inbox this browser proved it holds (guest access), if any.
 */
export interface OrderAsker {
  userId: string | null
  role: Role | null
  cartSessionId: string
  guestEmail?: string | null
  /** The one order a payment token (a WhatsApp reminder's) opened in this browser. */
  paymentOrderId?: string | null
}

const notFound = () => new AppError('not_found', 'Pedido não encontrado')

/** What other modules ask about orders; reads only. */
export function orderLookups(db: Db) {
  async function find(id: string): Promise<OrderRow | null> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id))
    return row ?? null
  }

  return {
    find,

    /** The order a provider's charge belongs to (a notification that names only the charge). */
    async findByCharge(provider: string, providerPaymentId: string): Promise<OrderRow | null> {
      const [row] = await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.paymentProvider, provider),
            eq(orders.providerPaymentId, providerPaymentId),
          ),
        )
        .limit(1)
      return row ?? null
    },

    /**
     * The order if `asker` owns it (same user, same cart session, a guest access to its
     * e-mail, a payment token for this order, or admin); else 404.
     */
    async findOwned(id: string, asker: OrderAsker): Promise<OrderRow> {
      const order = await find(id)
      const owns =
        order &&
        ((order.userId !== null && order.userId === asker.userId) ||
          (order.sessionId !== null && order.sessionId === asker.cartSessionId) ||
          (asker.guestEmail != null && asker.guestEmail === order.customerEmail) ||
          (asker.paymentOrderId != null && asker.paymentOrderId === order.id) ||
          asker.role === 'superadmin')
      if (!owns) throw notFound()
      return order
    },

    lines: (orderId: string): Promise<OrderLineRow[]> => linesOf(db, orderId),

    /** Whether any order holds the product, alone or in a kit (a sold one is hidden, never deleted). */
    async hasSales(productId: number): Promise<boolean> {
      const [line] = await db
        .select({ id: orderItems.id })
        .from(orderItems)
        // Bought in a kit counts too: its buyers keep its files.
        .where(
          or(
            eq(orderItems.productId, productId),
            sql`${productId}::int = ANY(${orderItems.bundleProductIds})`,
          ),
        )
        .limit(1)
      return line !== undefined
    },

    /**
     * Which of these orders are paid now. `q`: a transaction to read in (the coupons' hold asks
     * from inside the order's).
     */
    async paidAmong(orderIds: string[], q: Db = db): Promise<Set<string>> {
      if (orderIds.length === 0) return new Set()
      const rows = await q
        .select({ id: orders.id })
        .from(orders)
        .where(and(inArray(orders.id, orderIds), eq(orders.status, 'paid')))
      return new Set(rows.map((r) => r.id))
    },

    /** The orders a guest proves are theirs: placed with this e-mail and this WhatsApp. */
    async guestOrderIds(credentials: GuestCredentials): Promise<string[]> {
      const rows = await db
        .select({ id: orders.id, whatsapp: orders.customerWhatsapp })
        .from(orders)
        .where(eq(orders.customerEmail, credentials.email))
      return rows
        .filter((row) => whatsappMatches(credentials.whatsapp, row.whatsapp))
        .map((r) => r.id)
    },

    /** Status and payment time of these orders (refund windows). */
    async paymentsOf(ids: string[]): Promise<Map<string, Pick<OrderRow, 'status' | 'paidAt'>>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .select({ id: orders.id, status: orders.status, paidAt: orders.paidAt })
        .from(orders)
        .where(inArray(orders.id, ids))
      return new Map(rows.map((r) => [r.id, { status: r.status, paidAt: r.paidAt }]))
    },

    /**
     * Status and last change of these orders: whether a clube try's first order is still
     * live, or closed long enough ago to forget its subscription (decision 030). `q`: a
     * transaction to read in.
     */
    async statesOf(
      ids: string[],
      q: Db = db,
    ): Promise<Map<string, Pick<OrderRow, 'status' | 'updatedAt'>>> {
      if (ids.length === 0) return new Map()
      const rows = await q
        .select({ id: orders.id, status: orders.status, updatedAt: orders.updatedAt })
        .from(orders)
        .where(inArray(orders.id, ids))
      return new Map(rows.map((r) => [r.id, { status: r.status, updatedAt: r.updatedAt }]))
    },

    /** The buyers' WhatsApp numbers as typed, by order id (a material update's notices). */
    async whatsappsOf(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .select({ id: orders.id, whatsapp: orders.customerWhatsapp })
        .from(orders)
        .where(inArray(orders.id, ids))
      return new Map(rows.map((r) => [r.id, r.whatsapp ?? '']))
    },

    /** The orders placed with an e-mail, for a browser that proved it holds that inbox. */
    async orderIdsOfEmail(email: string): Promise<string[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.customerEmail, email.toLowerCase()))
      return rows.map((r) => r.id)
    },

    /** Whether an order was placed with this e-mail since `since` (an abandoned checkout's). */
    async orderedSince(email: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.customerEmail, email.toLowerCase()), gte(orders.createdAt, since)))
        .limit(1)
      return row !== undefined
    },

    /** Whether any order was placed with this e-mail. */
    async hasOrdersOf(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.customerEmail, email.toLowerCase()))
        .limit(1)
      return row !== undefined
    },

    /** An account's orders, or those a guest proved theirs, newest first, with their lines. */
    async summariesOf(owner: { userId: string } | { orderIds: string[] }): Promise<OrderSummary[]> {
      if ('orderIds' in owner && owner.orderIds.length === 0) return []
      const where: SQL =
        'userId' in owner ? eq(orders.userId, owner.userId) : inArray(orders.id, owner.orderIds)
      const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt))
      return summariseOrders(db, rows)
    },

    /** Stored orders as summaries, the lines of all of them read in one query (order lists). */
    summarise: (rows: OrderRow[]) => summariseOrders(db, rows),

    /** Export, erasure and retention of the buyers' data on orders (privacy module). */
    personalData: orderPersonalData(db),

    /**
     * Orders of a provider whose payment may still come (order-states.payableRecentlyWhere),
     * newest first: the pending re-check asks the provider about these.
     */
    async pendingOf(provider: string, limit: number, nowMs = Date.now()): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.paymentProvider, provider), payableRecentlyWhere(nowMs)))
        .orderBy(desc(orders.createdAt))
        .limit(limit)
    },

    /**
     * Pending PIX orders still payable at `nowMs` (code made, not expired, under 24 h old) and
     * placed at or before `placedBy`, oldest first: those a reminder may go to (recovery).
     */
    async remindable(nowMs: number, placedBy: Date, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(stillPayableWhere(nowMs, lte(orders.createdAt, placedBy)))
        .orderBy(asc(orders.createdAt))
        .limit(limit)
    },

    /**
     * The order if it is still a payable pending PIX at `nowMs`, locked in `tx` until it commits,
     * so a payment or a close waits for the reminder written with it (and then wins).
     */
    async lockRemindable(tx: Db, id: string, nowMs: number): Promise<OrderRow | null> {
      const [row] = await tx
        .select()
        .from(orders)
        .where(stillPayableWhere(nowMs, eq(orders.id, id)))
        .for('update')
      return row ?? null
    },

    /** Paid orders of a provider paid since `since`, newest first (refunds re-check). */
    async paidOf(provider: string, since: Date, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.status, 'paid'),
            eq(orders.paymentProvider, provider),
            gte(orders.paidAt, since),
          ),
        )
        .orderBy(desc(orders.paidAt))
        .limit(limit)
    },
  }
}
