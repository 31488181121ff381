import type { OrderRow } from './place-order.js'

/** The event of an order that closed: refunded, or cancelled (by hand or expired). */
export const closedEvent = (order: Pick<OrderRow, 'status'>) =>
  order.status === 'refunded' ? ('order.refunded' as const) : ('order.cancelled' as const)
