/**
 * The owner's 'Reembolsos' list as one query: a read model (decision 009). Each refund needs
 * its order, the order's lines and what the buyer did with the materials (downloads, Canva
 * links opened), which live in four modules; asked through their services that was five
 * queries per row. Here it is one query for the whole list, and nothing here writes.
 */
import { desc, eq, sql, type SQL } from 'drizzle-orm'
import { centsToDecimal } from '../../../contracts/money.js'
import type { AdminRefund, OrderUse } from '../../../contracts/refunds.js'
import type { Db } from '../../db/client.js'
import { canvaLinks } from '../canva/canva.tables.js'
import { downloadLog, purchases } from '../downloads/downloads.tables.js'
import { orderItems, orders } from '../orders/orders.tables.js'
import { refunds } from './refunds.tables.js'

/** A line as the list names it: "2× Alfabeto", or the name alone for one. */
const items = sql<string[]>`(
  select coalesce(json_agg(
    case when ${orderItems.quantity} > 1 then ${orderItems.quantity} || '× ' else '' end
      || ${orderItems.productName}
    order by ${orderItems.id}), '[]'::json)
  from ${orderItems} where ${orderItems.orderId} = ${orders.id})`

/**
 * Every download and every Canva link opened of the order, oldest first, each named after the
 * order's line of that product ('Material' when none is).
 */
const uses = sql<{ kind: OrderUse['kind']; productName: string; at: string }[]>`(
  select coalesce(json_agg(json_build_object(
      'kind', u.kind,
      'productName', coalesce((
        select ${orderItems.productName} from ${orderItems}
        where ${orderItems.orderId} = ${orders.id}
          and ${orderItems.productId} is not distinct from u.product_id
        order by ${orderItems.id} limit 1), 'Material'),
      'at', u.at)
    order by u.at, u.rank, u.id), '[]'::json)
  from (
    select 'download' as kind, 0 as rank, ${downloadLog.id} as id,
      ${downloadLog.productId} as product_id, ${downloadLog.createdAt} as at
    from ${downloadLog} join ${purchases} on ${purchases.id} = ${downloadLog.purchaseId}
    where ${purchases.orderId} = ${orders.id}
    union all
    select 'canva', 1, ${canvaLinks.id}, ${canvaLinks.productId}, ${canvaLinks.usedAt}
    from ${canvaLinks} join ${purchases} on ${purchases.id} = ${canvaLinks.purchaseId}
    where ${purchases.orderId} = ${orders.id} and ${canvaLinks.usedAt} is not null
  ) u)`

/** Refunds as the owner's list shows them (`where` narrows it to one order), in one query. */
export async function adminRefunds(
  db: Db,
  opts: { where?: SQL; limit: number },
): Promise<AdminRefund[]> {
  const rows = await db
    .select({
      refund: refunds,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      totalCents: orders.totalCents,
      paymentProvider: orders.paymentProvider,
      paidAt: orders.paidAt,
      items,
      uses,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(opts.where)
    .orderBy(
      // Requests waiting for the owner first.
      sql`case when ${refunds.status} in ('review', 'return_money') then 0 else 1 end`,
      desc(refunds.createdAt),
      desc(refunds.id),
    )
    .limit(opts.limit)
  return rows.map(({ refund, ...order }) => ({
    orderId: refund.orderId,
    origin: refund.origin,
    status: refund.status,
    reason: refund.reason,
    decisionNote: refund.decisionNote,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    totalAmount: centsToDecimal(order.totalCents),
    paymentProvider: order.paymentProvider,
    items: order.items,
    paidAt: order.paidAt?.toISOString() ?? null,
    createdAt: refund.createdAt.toISOString(),
    decidedAt: refund.decidedAt?.toISOString() ?? null,
    // JSON carries the times as text in the session's time zone: ISO 8601 in UTC, as elsewhere.
    uses: order.uses.map((u) => ({ ...u, at: new Date(u.at).toISOString() })),
  }))
}
