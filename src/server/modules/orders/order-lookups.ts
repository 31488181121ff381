import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { OrderSummary } from '../../../contracts/checkout.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { Role } from '../accounts/sessions.service.js'
import { orderPersonalData } from './order-personal-data.js'
import { ordersByEmail } from './order-email-lookups.js'
import { summariseOrders } from './order-summary.js'
import { linesOf, type OrderLineRow } from './order-transitions.js'
import { orderWorkerReads } from './order-worker-reads.js'
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

/**
 * What other modules ask about orders; reads only. The orders behind an e-mail are in
 * order-email-lookups.ts, what the background work reads in order-worker-reads.ts.
 */
export function orderLookups(db: Db) {
  async function find(id: string): Promise<OrderRow | null> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id))
    return row ?? null
  }

  return {
    ...ordersByEmail(db),
    ...orderWorkerReads(db),
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
  }
}
