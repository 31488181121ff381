import type { CartItem } from '../../../contracts/cart'
import type { OrderStatusAnswer } from '../../../contracts/checkout'
import { formatDecimalBRL } from '../../../contracts/money'
import type { PendingOrder } from '../checkout/pending-order'

/**
 * The header's total on the PIX screen of an order made of exactly the cart's items: the
 * amount being paid (the order's total after its coupon), not the cart's prices before it.
 * Null anywhere else: another page, a paid or closed order, or a cart that is not that order.
 */
export function payingTotal(
  order: Pick<OrderStatusAnswer, 'id' | 'status' | 'totalAmount'> | undefined,
  saved: Pick<PendingOrder, 'orderId' | 'productIds'> | null,
  items: Pick<CartItem, 'productId'>[] | undefined,
): string | null {
  if (!order || !items?.length || order.status !== 'pending') return null
  const ordered = new Set(saved?.orderId === order.id ? (saved.productIds ?? []) : [])
  const same = items.length === ordered.size && items.every((i) => ordered.has(i.productId))
  return same ? formatDecimalBRL(order.totalAmount) : null
}
