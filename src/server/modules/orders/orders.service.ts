import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { createDetached } from '../../lib/detached.js'
import { randomBytes } from 'node:crypto'
import {
  PENDING_ORDER_TTL_MS,
  type OrderClosedReason,
  type OrderStatus,
  type OrderSummary,
} from '../../../contracts/checkout.js'
import type { GuestCredentials } from '../../../contracts/downloads.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { whatsappMatches } from '../../lib/phone.js'
import type { Role } from '../accounts/sessions.service.js'
import {
  NO_NOTICES,
  type NoticeWriter,
  type OrderNotices,
  type PaidGrant,
} from './order-notices.js'
import { orderPersonalData } from './order-personal-data.js'
import { canTransition } from './order-states.js'
import { summariseOrders } from './order-summary.js'
import { orderItems, orders } from './orders.tables.js'
import { placeOrder, type NewOrder, type NewOrderLine, type OrderRow } from './place-order.js'

export type { NewOrder, NewOrderLine, OrderRow }
export type { NoticeLine, NoticeWriter, OrderNotices, PaidGrant } from './order-notices.js'
export { canTransition, isPayable, ORDER_TRANSITIONS, polledStatus } from './order-states.js'
export { toOrderSummary } from './order-summary.js'
export type { OrderOwner, OwnedOrder } from './order-personal-data.js'
export { UNPAID_ORDER_RETENTION_MS } from './order-personal-data.js'
export type OrderLineRow = typeof orderItems.$inferSelect
/** Who marked an order paid; logged, so a surprise payment can be traced. */
export type PaidSource = 'webhook' | 'recheck' | 'demo' | 'admin' | 'free'

/**
 * What other modules do inside the very transaction that pays or closes an order (downloads
 * grants and revokes purchases, canva grants links), so their rows exist exactly when the
 * status changes. `preparePaid` reads what it needs BEFORE the transaction opens (PGlite runs
 * one query at a time) and answers the step to run inside it, which may report what it
 * granted for the buyer's receipt. Wired in app.ts, in order.
 */
export interface OrderEffects {
  preparePaid(): Promise<
    (tx: Db, order: OrderRow, lines: OrderLineRow[]) => Promise<PaidGrant[] | void>
  >
  /** `status` is the new one: 'cancelled' (by hand or expired) or 'refunded'. */
  closed(tx: Db, orderId: string, status?: OrderStatus): Promise<void>
  /** Guest orders became `userId`'s (claimGuestOrders): the rows they granted follow. */
  claimed?(tx: Db, orderIds: string[], userId: string): Promise<void>
}

/**
 * Who asks about an order: the session's user (and role), the request's cart session, and the
 * e-mail whose inbox this browser proved it holds (guest access), if any.
 */
export interface OrderAsker {
  userId: string | null
  role: Role | null
  cartSessionId: string
  guestEmail?: string | null
  /** The one order a payment token (a WhatsApp reminder's) opened in this browser (issue 26). */
  paymentOrderId?: string | null
}

const notFound = () => new AppError('not_found', 'Pedido não encontrado')

/** A pending order, or one cancelled only because its PIX ran out (see isPayable). */
const payableWhere = () =>
  or(
    eq(orders.status, 'pending'),
    and(eq(orders.status, 'cancelled'), eq(orders.closedReason, 'expired')),
  )

/** Pending orders that can no longer be paid at `nowMs`: their PIX ran out, or 24 h passed. */
const dueWhere = (nowMs: number) =>
  and(
    eq(orders.status, 'pending'),
    or(
      lte(orders.pixExpiresAt, new Date(nowMs)),
      lt(orders.createdAt, new Date(nowMs - PENDING_ORDER_TTL_MS)),
    ),
  )

/** A pending PIX with its code, not yet expired nor past 24 h at `nowMs`. */
const stillPayableWhere = (nowMs: number, extra: SQL | undefined) =>
  and(
    eq(orders.status, 'pending'),
    eq(orders.paymentMethod, 'pix'),
    isNotNull(orders.pixCode),
    gt(orders.pixExpiresAt, new Date(nowMs)),
    gte(orders.createdAt, new Date(nowMs - PENDING_ORDER_TTL_MS)),
    isNull(orders.anonymisedAt),
    extra,
  )

/** 128 random bits in base 36: 25 letters and digits, which also fits a PIX txid as is. */
export function newOrderId(): string {
  return BigInt(`0x${randomBytes(16).toString('hex')}`)
    .toString(36)
    .padStart(25, '0')
}

export function createOrdersService(
  db: Db,
  deps: {
    log: FastifyBaseLogger
    /** The e-mails and WhatsApp notices of order events, written in their transaction (outbox). */
    notices?: OrderNotices
    effects: OrderEffects[]
    /** After a payment, refund or cancellation commits: sales changed (the best sellers). */
    onSalesChange: () => void
  },
) {
  const notices = deps.notices ?? NO_NOTICES
  const { effects } = deps
  const closedListeners: ((order: OrderRow) => Promise<void>)[] = []
  const afterClose = createDetached(deps.log, 'after-close steps')

  /**
   * After a close commits: listeners that reach outside the database (the payments module
   * voids the provider's charge, an HTTP call of up to 10 s). They run after the answer, not
   * in it: a buyer's status poll at expiry, an admin's refund or the sweep does not wait on the
   * provider. A failure is logged; the order stays closed, and the pending re-check retries the
   * void while a late payment could still come. One batch's listeners run one after another,
   * so a sweep does not fire a burst of calls at the provider.
   */
  function afterClosed(rows: OrderRow[]): void {
    afterClose.run(async () => {
      for (const order of rows) {
        for (const listener of closedListeners) {
          await listener(order).catch((err: unknown) =>
            deps.log.warn({ err, orderId: order.id }, 'after-close step failed'),
          )
        }
      }
    })
  }
  async function find(id: string): Promise<OrderRow | null> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id))
    return row ?? null
  }

  const linesOf = (tx: Db, orderId: string) =>
    tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id))

  /** What every refund or cancellation does inside its transaction: effects, then notices. */
  async function closedWithin(tx: Db, order: OrderRow, writer: NoticeWriter | null) {
    for (const effect of effects) await effect.closed(tx, order.id, order.status)
    if (writer) await writer.orderClosed(tx, order, await linesOf(tx, order.id))
  }

  return {
    /**
     * The store's running figures for /metrics, from the database so every instance tells the
     * same and a restart loses nothing: orders by status, ever created, ever paid, and the
     * revenue of those paid (refunded ones no longer count), in centavos.
     */
    async figures() {
      const [[totals], byStatus] = await Promise.all([
        db
          .select({
            created: sql<number>`count(*)::int`,
            paid: sql<number>`(count(*) filter (where ${orders.paidAt} is not null))::int`,
            revenueCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.status} = 'paid'), 0)::bigint`,
          })
          .from(orders),
        db
          .select({ status: orders.status, n: sql<number>`count(*)::int` })
          .from(orders)
          .groupBy(orders.status),
      ])
      return {
        created: Number(totals?.created ?? 0),
        paid: Number(totals?.paid ?? 0),
        revenueCents: Number(totals?.revenueCents ?? 0),
        byStatus: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])),
      }
    },

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

    /** Called with each order refunded or cancelled, once its transaction committed. */
    onClosed(listener: (order: OrderRow) => Promise<void>) {
      closedListeners.push(listener)
    },
    /** Waits for the close listeners under way (closing the app lets them finish). */
    drain: () => afterClose.drain(),

    prepareNotices: () => notices.prepare(),
    /** After a caller's own transaction with notices commits. */
    flushNotices: () => notices.flush(),

    find,

    /**
     * The order if `asker` owns it (same user, same cart session, a guest access to its
     * e-mail, or admin); else 404.
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

    /** A remote provider's charge, with the buyer's 'order created' notice that carries it. */
    async attachCharge(
      id: string,
      charge: { pixCode: string; ticketUrl: string | null; providerPaymentId: string | null },
    ): Promise<void> {
      const writer = await notices.prepare()
      await db.transaction(async (tx) => {
        const [order] = await tx
          .update(orders)
          .set({ ...charge, updatedAt: sql`now()` })
          .where(eq(orders.id, id))
          .returning()
        if (order && writer) await writer.chargeReady(tx, order, await linesOf(tx, id))
      })
      notices.flush()
    },

    /** Records the provider's payment id once (card payments are known only when paid). */
    async setProviderPaymentId(id: string, providerPaymentId: string): Promise<void> {
      await db
        .update(orders)
        .set({ providerPaymentId, updatedAt: sql`now()` })
        .where(and(eq(orders.id, id), isNull(orders.providerPaymentId)))
    },

    /**
     * Pays a pending order (or one cancelled because its PIX ran out: a late payment is
     * honoured) and grants its purchases, exactly once: of any number of simultaneous callers
     * only the one whose UPDATE finds it still payable goes on, and the unique order_item_id
     * would refuse a second set anyway. True for that one caller.
     */
    async markOrderPaid(orderId: string, source: PaidSource): Promise<boolean> {
      const steps = await Promise.all(effects.map((effect) => effect.preparePaid()))
      const writer = await notices.prepare()
      const won = await db.transaction(async (tx) => {
        const [order] = await tx
          .update(orders)
          .set({ status: 'paid', paidAt: sql`now()`, closedReason: null, updatedAt: sql`now()` })
          .where(and(eq(orders.id, orderId), payableWhere()))
          .returning()
        if (!order) return false
        const lines = await linesOf(tx, order.id)
        const grants: PaidGrant[] = []
        for (const step of steps) grants.push(...((await step(tx, order, lines)) ?? []))
        await writer?.orderPaid(tx, order, lines, grants)
        return true
      })
      if (won) {
        notices.flush()
        deps.log.info({ orderId, source }, 'order paid')
        deps.onSalesChange()
      }
      return won
    },

    /**
     * Refunds a paid order or cancels a pending one, with every module's `closed` effect (the
     * purchases revoked) in the same transaction. `from` is the status the caller saw: if the
     * order moved meanwhile nothing happens and the answer is false.
     */
    async close(
      orderId: string,
      from: OrderStatus,
      to: 'refunded' | 'cancelled',
      reason: OrderClosedReason | null = null,
    ) {
      if (!canTransition(from, to)) return false
      const writer = await notices.prepare()
      const closed = await db.transaction(async (tx) => {
        const [order] = await tx
          .update(orders)
          .set({ status: to, closedReason: reason, updatedAt: sql`now()` })
          .where(and(eq(orders.id, orderId), eq(orders.status, from)))
          .returning()
        if (!order) return null
        await closedWithin(tx, order, writer)
        return order
      })
      if (closed) {
        notices.flush()
        deps.onSalesChange()
        afterClosed([closed])
      }
      return closed !== null
    },

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

    /** How often each order bump was taken in paid orders, and what it brought in. */
    async bumpsTaken(): Promise<
      {
        forProductId: number
        productId: number
        productName: string
        taken: number
        revenueCents: number
      }[]
    > {
      return db
        .select({
          forProductId: sql<number>`${orderItems.bumpFor}`,
          productId: orderItems.productId,
          productName: sql<string>`max(${orderItems.productName})`,
          taken: sql<number>`count(*)::int`,
          revenueCents: sql<number>`sum(${orderItems.unitPriceCents} * ${orderItems.quantity})::int`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orders.status, 'paid'), isNotNull(orderItems.bumpFor)))
        .groupBy(orderItems.bumpFor, orderItems.productId)
        .orderBy(desc(sql`count(*)`))
    },

    /** Units sold per product, over paid orders (the best sellers). */
    async unitsSold(): Promise<Map<number, number>> {
      const rows = await db
        .select({
          productId: orderItems.productId,
          sold: sql<number>`sum(${orderItems.quantity})::int`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(orders.status, 'paid'))
        .groupBy(orderItems.productId)
      return new Map(rows.map((r) => [r.productId, r.sold]))
    },

    /** Which of these orders are paid now. */
    /** `q`: a transaction to read in (the coupons' hold asks from inside the order's). */
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

    /** The orders placed with an e-mail, for a browser that proved it holds that inbox. */
    async orderIdsOfEmail(email: string): Promise<string[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.customerEmail, email.toLowerCase()))
      return rows.map((r) => r.id)
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

    /**
     * Guest orders placed with an account's e-mail become the account's, with what they
     * granted. With the e-mail verified (the account proved its inbox, decision 026), all of
     * them; otherwise only those with the account's WhatsApp too, the proof the guest look-up
     * asks for (on login with the right password): an unverified e-mail alone proves nothing.
     */
    async claimGuestOrders(account: {
      userId: string
      email: string
      whatsapp: string
      emailVerified?: boolean
    }) {
      if (!account.emailVerified && !account.whatsapp) return 0
      const rows = await db
        .select({ id: orders.id, whatsapp: orders.customerWhatsapp })
        .from(orders)
        .where(and(eq(orders.customerEmail, account.email.toLowerCase()), isNull(orders.userId)))
      const ids = rows
        .filter((r) => account.emailVerified || whatsappMatches(account.whatsapp, r.whatsapp))
        .map((r) => r.id)
      if (ids.length === 0) return 0
      await db.transaction(async (tx) => {
        await tx
          .update(orders)
          .set({ userId: account.userId })
          .where(and(inArray(orders.id, ids), isNull(orders.userId)))
        for (const effect of effects) await effect.claimed?.(tx, ids, account.userId)
      })
      return ids.length
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

    /**
     * Cancels one order if it is still pending (a charge that could not be created), with the
     * effects of any cancellation (a coupon's use goes back) but no notice: the buyer was told.
     */
    async cancelPending(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({ status: 'cancelled', updatedAt: sql`now()` })
          .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
          .returning({ id: orders.id })
        if (!row) return false
        for (const effect of effects) await effect.closed(tx, id, 'cancelled')
        return true
      })
    },

    /**
     * Pending orders that can no longer be paid (their PIX ran out, or 24 h passed) are
     * cancelled as 'expired', each with the effects and notices of any cancellation (the close
     * path). `onlyId` limits it to one order (its status page asked). Returns how many.
     */
    async cancelStale(nowMs = Date.now(), onlyId?: string): Promise<number> {
      const writer = await notices.prepare()
      const cancelled = await db.transaction(async (tx) => {
        const rows = await tx
          .update(orders)
          .set({ status: 'cancelled', closedReason: 'expired', updatedAt: sql`now()` })
          .where(and(dueWhere(nowMs), onlyId === undefined ? undefined : eq(orders.id, onlyId)))
          .returning()
        for (const order of rows) await closedWithin(tx, order, writer)
        return rows
      })
      if (cancelled.length > 0) {
        notices.flush()
        deps.onSalesChange()
        afterClosed(cancelled)
      }
      return cancelled.length
    },

    /** Export, erasure and retention of the buyers' data on orders (privacy module). */
    personalData: orderPersonalData(db),

    /**
     * Orders of a provider whose payment may still come, newest first: pending ones inside their
     * validity, and those whose PIX ran out in the last 24 h (a late payment is honoured).
     */
    async pendingOf(provider: string, limit: number, nowMs = Date.now()): Promise<OrderRow[]> {
      const since = new Date(nowMs - PENDING_ORDER_TTL_MS)
      return db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.paymentProvider, provider),
            or(
              and(eq(orders.status, 'pending'), gte(orders.createdAt, since)),
              and(
                eq(orders.status, 'cancelled'),
                eq(orders.closedReason, 'expired'),
                gte(orders.updatedAt, since),
              ),
            ),
          ),
        )
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

export type OrdersService = ReturnType<typeof createOrdersService>
