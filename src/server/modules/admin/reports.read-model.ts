import { and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type {
  AdminAnalytics,
  AdminOrder,
  DownloadStat,
  RecoveryReport,
} from '../../../contracts/admin.js'
import { ADMIN_LIST_PAGE } from '../../../contracts/admin.js'
import { describeSource } from '../../../contracts/attribution.js'
import { centsToDecimal } from '../../../contracts/money.js'
import type { Db } from '../../db/client.js'
import { newestFirstPage } from '../../db/newest-first.js'
import { AppError } from '../../errors.js'
import { checkoutDrafts } from '../abandoned/abandoned.tables.js'
import { users } from '../accounts/accounts.tables.js'
import { downloadLog, purchases } from '../downloads/downloads.tables.js'
import { isPayable, type OrdersService } from '../orders/orders.service.js'
import { orderItems, orders } from '../orders/orders.tables.js'
import { products } from '../products/products.tables.js'
import { recoveryOptOuts, recoveryReminders } from '../recovery/recovery.tables.js'
import { refunds } from '../refunds/refunds.tables.js'

type OrderRow = typeof orders.$inferSelect
const ORDER_LIST = { table: orders, id: orders.id, createdAt: orders.createdAt }

/**
 * The administration's figures: a read model (decision 009). They are read-only aggregates
 * over several modules' tables; one query per figure here beats a service call per row, and
 * nothing here ever writes.
 */
export function createAdminReports(db: Db, orderSummaries: Pick<OrdersService, 'summarise'>) {
  /**
   * Refunds under the store's own key, per order: 'to_send' until the owner ticks the money as
   * sent ('Reembolso a enviar'), then 'sent'. A provider's refund is its own business: null.
   */
  async function refundStatusOf(rows: OrderRow[]): Promise<Map<string, 'to_send' | 'sent'>> {
    const refunded = rows.filter((r) => r.status === 'refunded' && r.paymentProvider === 'static')
    if (refunded.length === 0) return new Map()
    const found = await db
      .select({ orderId: refunds.orderId, status: refunds.status })
      .from(refunds)
      .where(
        inArray(
          refunds.orderId,
          refunded.map((r) => r.id),
        ),
      )
    return new Map(
      found
        .filter((r) => r.status === 'return_money' || r.status === 'refunded')
        .map((r) => [r.orderId, r.status === 'return_money' ? 'to_send' : 'sent']),
    )
  }

  async function withItems(rows: OrderRow[]): Promise<AdminOrder[]> {
    const [summaries, refundStatus] = await Promise.all([
      orderSummaries.summarise(rows),
      refundStatusOf(rows),
    ])
    return summaries.map((summary, i) => ({
      ...summary,
      refundStatus: refundStatus.get(summary.id) ?? null,
      customerWhatsapp: rows[i]!.customerWhatsapp,
      paymentProvider: rows[i]!.paymentProvider,
      paidAt: rows[i]!.paidAt?.toISOString() ?? null,
      closedReason: rows[i]!.closedReason,
      attribution: rows[i]!.attribution ?? null,
      source: describeSource(rows[i]!.attribution),
      confirmable: isPayable(rows[i]!),
    }))
  }

  const newestOrders = (size: number, before?: string) =>
    newestFirstPage(db, ORDER_LIST, db.select().from(orders).$dynamic(), size, before)

  return {
    /** A page of orders, newest first: those after `before` (an order's id) in that order. */
    async orders(before?: string): Promise<AdminOrder[]> {
      const page = await newestOrders(ADMIN_LIST_PAGE, before)
      if (!page) throw new AppError('not_found', 'Pedido não encontrado')
      return withItems(page)
    },

    /** Orders reminded of their unpaid PIX, those paid after the first reminder, and that revenue. */
    async recovery(): Promise<RecoveryReport> {
      const firsts = db
        .select({
          orderId: recoveryReminders.orderId,
          firstAt: sql<Date>`min(${recoveryReminders.sentAt})`.as('first_at'),
          n: count().as('n'),
        })
        .from(recoveryReminders)
        .groupBy(recoveryReminders.orderId)
        .as('firsts')
      const paidAfter = sql`${orders.status} = 'paid' and ${orders.paidAt} >= ${firsts.firstAt}`
      // A checkout left half-way is recovered when its buyer paid an order placed after it: an
      // e-mailed draft had no order until its reminder (one would have skipped it), so any
      // order since the draft came after the reminder.
      const recoveredOrder = and(
        eq(orders.customerEmail, checkoutDrafts.email),
        eq(orders.status, 'paid'),
        gte(orders.createdAt, checkoutDrafts.createdAt),
      )
      const [[row], [stopped], [abandoned]] = await Promise.all([
        db
          .select({
            reminded: sql<number>`count(*)::int`,
            reminders: sql<number>`coalesce(sum(${firsts.n}), 0)::int`,
            paidAfter: sql<number>`(count(*) filter (where ${paidAfter}))::int`,
            revenueCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${paidAfter}), 0)::int`,
          })
          .from(firsts)
          .innerJoin(orders, eq(orders.id, firsts.orderId)),
        db
          .select({ n: count() })
          .from(recoveryOptOuts)
          .where(isNotNull(recoveryOptOuts.optedOutAt)),
        db
          .select({
            emailed: sql<number>`count(distinct ${checkoutDrafts.id})::int`,
            recovered: sql<number>`count(distinct ${checkoutDrafts.id}) filter (where ${orders.id} is not null)::int`,
            revenueCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::int`,
          })
          .from(checkoutDrafts)
          .leftJoin(orders, recoveredOrder)
          .where(eq(checkoutDrafts.status, 'emailed')),
      ])
      return {
        reminded: row?.reminded ?? 0,
        reminders: row?.reminders ?? 0,
        paidAfter: row?.paidAfter ?? 0,
        revenue: centsToDecimal(row?.revenueCents ?? 0),
        optedOut: stopped?.n ?? 0,
        abandonedEmailed: abandoned?.emailed ?? 0,
        abandonedRecovered: abandoned?.recovered ?? 0,
        abandonedRevenue: centsToDecimal(abandoned?.revenueCents ?? 0),
      }
    },

    async order(id: string): Promise<AdminOrder | null> {
      const rows = await db.select().from(orders).where(eq(orders.id, id))
      return (await withItems(rows))[0] ?? null
    },

    async analytics(): Promise<AdminAnalytics> {
      const paid = eq(orders.status, 'paid')
      const [
        [userCount],
        [productCount],
        [orderTotals],
        [awaiting],
        [toSend],
        recent,
        perCategory,
        salesPerCategory,
      ] = await Promise.all([
        db.select({ n: count() }).from(users),
        db.select({ n: count() }).from(products).where(isNull(products.deletedAt)),
        db
          .select({
            n: count(),
            revenue: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${paid}), 0)::int`,
          })
          .from(orders),
        db.select({ n: count() }).from(orders).where(eq(orders.status, 'awaiting_confirmation')),
        db.select({ n: count() }).from(refunds).where(eq(refunds.status, 'return_money')),
        newestOrders(5),
        db
          .select({ category: products.category, n: count() })
          .from(products)
          .where(isNull(products.deletedAt))
          .groupBy(products.category),
        db
          .select({
            category: products.category,
            cents: sql<number>`sum(${orderItems.unitPriceCents} * ${orderItems.quantity})::int`,
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .innerJoin(products, eq(products.id, orderItems.productId))
          .where(paid)
          .groupBy(products.category),
      ])
      const categories = new Set([...perCategory, ...salesPerCategory].map((r) => r.category))
      const productStats = [...categories].map((category) => ({
        category,
        count: perCategory.find((r) => r.category === category)?.n ?? 0,
        revenue: centsToDecimal(salesPerCategory.find((r) => r.category === category)?.cents ?? 0),
      }))
      return {
        totals: {
          users: userCount?.n ?? 0,
          products: productCount?.n ?? 0,
          orders: orderTotals?.n ?? 0,
          revenue: centsToDecimal(orderTotals?.revenue ?? 0),
        },
        awaitingConfirmation: awaiting?.n ?? 0,
        refundsToSend: toSend?.n ?? 0,
        recentOrders: await withItems(recent ?? []),
        productStats: productStats.sort((a, b) => b.count - a.count),
      }
    },

    /** Purchases still valid and downloads logged, per product that exists or was bought. */
    async downloads(): Promise<DownloadStat[]> {
      const bought = db
        .select({ productId: purchases.productId, n: count().as('bought') })
        .from(purchases)
        .where(isNull(purchases.revokedAt))
        .groupBy(purchases.productId)
        .as('bought')
      const downloaded = db
        .select({ productId: downloadLog.productId, n: count().as('downloaded') })
        .from(downloadLog)
        .groupBy(downloadLog.productId)
        .as('downloaded')
      const purchasesN = sql<number>`coalesce(${bought.n}, 0)::int`
      const downloadsN = sql<number>`coalesce(${downloaded.n}, 0)::int`
      const rows = await db
        .select({ productId: products.id, productName: products.name, purchasesN, downloadsN })
        .from(products)
        .leftJoin(bought, eq(bought.productId, products.id))
        .leftJoin(downloaded, eq(downloaded.productId, products.id))
        .where(or(isNull(products.deletedAt), gt(bought.n, 0)))
        .orderBy(desc(downloadsN), desc(purchasesN), desc(products.id))
      return rows.map((r) => ({
        productId: r.productId,
        productName: r.productName,
        totalPurchases: r.purchasesN,
        totalDownloads: r.downloadsN,
      }))
    },
  }
}

export type AdminReports = ReturnType<typeof createAdminReports>
