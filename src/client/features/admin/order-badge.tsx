import { Badge } from '../../ui/badge'
import type { AdminOrder } from '../../../contracts/admin'

/** Overview and simple list (SPEC.md section 4): paid is 'Pago', anything else 'Pendente'. */
export function PaidBadge({ status }: { status: AdminOrder['status'] }) {
  const paid = status === 'paid'
  return <Badge tone={paid ? 'green' : 'amber'}>{paid ? 'Pago' : 'Pendente'}</Badge>
}

export const STATUS_LABELS: Record<string, string> = {
  pending: 'Pendente',
  paid: 'Pago',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
}

/** An order made in demo mode (nothing was charged): marked until the demo is removed. */
export function DemoBadge({ order }: { order: Pick<AdminOrder, 'paymentProvider'> }) {
  if (order.paymentProvider !== 'demo') return null
  return (
    <span data-testid="demo-order">
      <Badge tone="gray">Demonstração</Badge>
    </span>
  )
}
