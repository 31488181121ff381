import type { AdminOrder } from '../../../../contracts/admin'
import { ORDER_STATUSES } from '../../../../contracts/checkout'
import { useOrderStatus } from '../admin.mutations'
import { STATUS_LABELS } from '../order-badge'
import { OrdersList } from './orders-tab'

/** Any of the four statuses; a transition the server refuses (409) comes back as a toast. */
function StatusSelect({ order }: { order: AdminOrder }) {
  const update = useOrderStatus()
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">Status do pedido {order.id}</span>
      <select
        value={order.status}
        disabled={update.isPending}
        data-testid="order-status"
        onChange={(e) =>
          update.mutate({ id: order.id, status: e.target.value as AdminOrder['status'] })
        }
        className="h-10 rounded-xl border-2 border-purple-100 bg-white px-2 text-base focus:border-purple-500 focus:outline-none"
      >
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </select>
    </label>
  )
}

export function OrderManagementTab() {
  return <OrdersList title="Gestão de pedidos" render={(order) => <StatusSelect order={order} />} />
}
