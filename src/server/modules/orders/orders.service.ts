import { and, asc, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { randomBytes } from 'node:crypto'
import { PENDING_ORDER_TTL_MS } from '../../../contracts/checkout.js'
import type { Db } from '../../db/client.js'
import { orderItems, orders } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { Role } from '../accounts/sessions.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import type { SettingsService } from '../settings/settings.service.js'
import { grantPurchases } from './grant-purchases.js'
import { NO_NOTICES, type NoticeWriter, type OrderNotices } from './order-notices.js'
import { placeOrder, type NewOrder, type NewOrderLine, type OrderRow } from './place-order.js'

export type { NewOrder, NewOrderLine, OrderRow }
export type OrderLineRow = typeof orderItems.$inferSelect
/** Who marked an order paid; logged, so a surprise payment can be traced. */
export type PaidSource = 'webhook' | 'recheck' | 'demo' | 'admin'

/** Who asks about an order: the session's user (and role) and the request's cart session. */
export interface OrderAsker {
  userId: string | null
  role: Role | null
  cartSessionId: string
}

const notFound = () => new AppError('not_found', 'Pedido não encontrado')

/** 128 random bits in base 36: 25 letters and digits, which also fits a PIX txid as is. */
export function newOrderId(): string {
  return BigInt(`0x${randomBytes(16).toString('hex')}`)
    .toString(36)
    .padStart(25, '0')
}

export function createOrdersService(
  db: Db,
  deps: {
    settings: SettingsService
    catalog: CatalogService
    log: FastifyBaseLogger
    /** WhatsApp notices of new and paid orders, written in the same transaction (outbox). */
    notices?: OrderNotices
  },
) {
  const notices = deps.notices ?? NO_NOTICES
  async function find(id: string): Promise<OrderRow | null> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id))
    return row ?? null
  }

  return {
    /**
     * Stores an order, its lines and its 'new order' notice atomically. A caller with its own
     * transaction passes it with the writer from `prepareNotices()`, read before opening it.
     * Without notices the order stays one statement (see place-order.ts).
     */
    async insert(
      order: NewOrder,
      lines: NewOrderLine[],
      within?: { tx: Db; notices: NoticeWriter | null },
    ): Promise<OrderRow> {
      if (within) {
        const row = await placeOrder(within.tx, order, lines)
        await within.notices?.orderPlaced(within.tx, row, lines)
        return row
      }
      const writer = await notices.prepare()
      if (!writer) return placeOrder(db, order, lines)
      const row = await db.transaction(async (tx) => {
        const placed = await placeOrder(tx, order, lines)
        await writer.orderPlaced(tx, placed, lines)
        return placed
      })
      notices.flush()
      return row
    },

    prepareNotices: () => notices.prepare(),
    /** After a caller's own transaction with notices commits. */
    flushNotices: () => notices.flush(),

    find,

    /** The order if `asker` owns it (same cart session, same user, or admin); else 404. */
    async findOwned(id: string, asker: OrderAsker): Promise<OrderRow> {
      const order = await find(id)
      const owns =
        order &&
        ((order.userId !== null && order.userId === asker.userId) ||
          (order.sessionId !== null && order.sessionId === asker.cartSessionId) ||
          asker.role === 'superadmin')
      if (!owns) throw notFound()
      return order
    },

    async lines(orderId: string): Promise<OrderLineRow[]> {
      return db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.id))
    },

    async attachCharge(
      id: string,
      charge: { pixCode: string; ticketUrl: string | null; providerPaymentId: string | null },
    ): Promise<void> {
      await db
        .update(orders)
        .set({ ...charge, updatedAt: sql`now()` })
        .where(eq(orders.id, id))
    },

    /** Records the provider's payment id once (card payments are known only when paid). */
    async setProviderPaymentId(id: string, providerPaymentId: string): Promise<void> {
      await db
        .update(orders)
        .set({ providerPaymentId, updatedAt: sql`now()` })
        .where(and(eq(orders.id, id), isNull(orders.providerPaymentId)))
    },

    /**
     * Pays a pending order and grants its purchases, exactly once: of any number of
     * simultaneous callers only the one whose UPDATE finds it still pending goes on, and the
     * unique order_item_id would refuse a second set anyway. True for that one caller.
     */
    async markOrderPaid(orderId: string, source: PaidSource): Promise<boolean> {
      const perPurchase = await deps.settings.getPositiveInt('max_downloads')
      const writer = await notices.prepare()
      const won = await db.transaction(async (tx) => {
        const [order] = await tx
          .update(orders)
          .set({ status: 'paid', paidAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
          .returning()
        if (!order) return false
        await grantPurchases(tx, order, perPurchase)
        if (writer) {
          const lines = await tx
            .select()
            .from(orderItems)
            .where(eq(orderItems.orderId, order.id))
            .orderBy(asc(orderItems.id))
          await writer.orderPaid(tx, order, lines)
        }
        return true
      })
      if (won) {
        notices.flush()
        deps.log.info({ orderId, source }, 'order paid')
        // Sales reorder the best sellers.
        deps.catalog.invalidate()
      }
      return won
    },

    /** Cancels one order if it is still pending (a charge that could not be created). */
    async cancelPending(id: string): Promise<boolean> {
      const rows = await db
        .update(orders)
        .set({ status: 'cancelled', updatedAt: sql`now()` })
        .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
        .returning({ id: orders.id })
      return rows.length > 0
    },

    /** Pending orders older than 24 h can no longer be paid: cancelled. Returns how many. */
    async cancelStale(nowMs = Date.now()): Promise<number> {
      const rows = await db
        .update(orders)
        .set({ status: 'cancelled', updatedAt: sql`now()` })
        .where(
          and(
            eq(orders.status, 'pending'),
            lt(orders.createdAt, new Date(nowMs - PENDING_ORDER_TTL_MS)),
          ),
        )
        .returning({ id: orders.id })
      return rows.length
    },

    /** Pending orders of a provider still inside their validity, newest first. */
    async pendingOf(provider: string, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.status, 'pending'),
            eq(orders.paymentProvider, provider),
            gte(orders.createdAt, new Date(Date.now() - PENDING_ORDER_TTL_MS)),
          ),
        )
        .orderBy(desc(orders.createdAt))
        .limit(limit)
    },
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>
