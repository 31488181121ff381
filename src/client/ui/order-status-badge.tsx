import { ORDER_STATUS_LABELS, type OrderSummary } from '../../contracts/checkout'
import { Badge } from './badge'

/** The words every order list uses for a status. */
export const STATUS_LABELS: Record<OrderSummary['status'], string> = ORDER_STATUS_LABELS

const TONES = {
  pending: 'amber',
  awaiting_confirmation: 'purple',
  paid: 'green',
  cancelled: 'gray',
  refunded: 'gray',
} as const

/**
 * An order's status as the owner's lists and the buyer's history show it: Pago, Pendente,
 * Aguardando confirmação, Cancelado, Reembolsado, and 'Reembolso a enviar' for a refund under
 * the store's own key whose money has not been sent back yet (never shown as done).
 */
export function OrderStatusBadge({
  order,
}: {
  order: Pick<OrderSummary, 'status' | 'refundStatus'>
}) {
  if (order.status === 'refunded' && order.refundStatus === 'to_send') {
    return (
      <Badge tone="pink" className="shrink-0">
        <span data-testid="order-status-label">Reembolso a enviar</span>
      </Badge>
    )
  }
  return (
    <Badge tone={TONES[order.status]} className="shrink-0">
      <span data-testid="order-status-label">{STATUS_LABELS[order.status]}</span>
    </Badge>
  )
}
