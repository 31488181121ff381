import { Badge } from '../../ui/badge'
import type { AdminOrder } from '../../../contracts/admin'

export { OrderStatusBadge, STATUS_LABELS } from '../../ui/order-status-badge'

/** An order made in demo mode (nothing was charged): marked until the demo is removed. */
export function DemoBadge({ order }: { order: Pick<AdminOrder, 'paymentProvider'> }) {
  if (order.paymentProvider !== 'demo') return null
  return (
    <span data-testid="demo-order">
      <Badge tone="gray">Demonstração</Badge>
    </span>
  )
}
