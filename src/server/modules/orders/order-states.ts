import type {
  OrderClosedReason,
  OrderStatus,
  PolledOrderStatus,
} from '../../../contracts/checkout.js'

/**
 * Every move an order may make (DESIGN.md): pending → paid → refunded, pending → cancelled.
 * Whoever changes a status (payments, the admin, the expiry timer) asks here first.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'cancelled'],
  paid: ['refunded'],
  cancelled: [],
  refunded: [],
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to)
}

/** Status polling calls a paid order 'confirmed' (SPEC.md section 3). */
export function polledStatus(status: OrderStatus): PolledOrderStatus {
  return status === 'paid' ? 'confirmed' : status
}

/**
 * Whether a payment confirmed now pays the order: a pending one, or one cancelled only because
 * its PIX ran out (the buyer's money arrived late through the provider: honoured, not lost).
 */
export function isPayable(order: { status: OrderStatus; closedReason: OrderClosedReason | null }) {
  return (
    order.status === 'pending' || (order.status === 'cancelled' && order.closedReason === 'expired')
  )
}
