import { asc, inArray } from 'drizzle-orm'
import type { OrderSummary } from '../../../contracts/checkout.js'
import { centsToDecimal } from '../../../contracts/money.js'
import type { Db } from '../../db/client.js'
import { orderItems } from './orders.tables.js'
import type { NewOrderLine, OrderRow } from './place-order.js'

/** An order with its lines as every order list and checkout answer shows it. */
export function toOrderSummary(order: OrderRow, lines: NewOrderLine[]): OrderSummary {
  return {
    id: order.id,
    userId: order.userId,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    subtotalAmount: centsToDecimal(order.totalCents + order.discountCents),
    discountAmount: centsToDecimal(order.discountCents),
    totalAmount: centsToDecimal(order.totalCents),
    couponCode: order.couponCode,
    status: order.status,
    awaitingConfirmation: order.status === 'awaiting_confirmation',
    // The refunds module knows; the lists that show it (admin, customer) fill it in.
    refundStatus: null,
    paymentMethod: order.paymentMethod,
    createdAt: order.createdAt.toISOString(),
    items: lines.map((l) => ({
      productId: l.productId ?? null,
      ...(l.planId ? { planId: l.planId } : {}),
      productName: l.productName,
      quantity: l.quantity,
      unitPrice: centsToDecimal(l.unitPriceCents),
      // Only on a bump's line: every other line stays as it always was.
      ...(l.bumpFor ? { bumpFor: l.bumpFor } : {}),
    })),
  }
}

/** Stored orders as summaries, the lines of all of them read in one query (order lists). */
export async function summariseOrders(db: Db, rows: OrderRow[]): Promise<OrderSummary[]> {
  if (rows.length === 0) return []
  const lines = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((o) => o.id),
      ),
    )
    .orderBy(asc(orderItems.id))
  return rows.map((order) =>
    toOrderSummary(
      order,
      lines.filter((line) => line.orderId === order.id),
    ),
  )
}
