import { useState } from 'react'
import type { AdminOrder } from '../../../../contracts/admin'
import { ORDER_STATUSES } from '../../../../contracts/checkout'
import { useOrderStatus } from '../admin.mutations'
import { STATUS_LABELS } from '../order-badge'
import { RefundDialog } from '../refund-dialog'
import { ConfirmPaid } from './orders-tab'

/**
 * Any of the four statuses; 'paid' is asked first, like 'Marcar como pago'. A transition the
 * server refuses (409) comes back as a toast.
 */
export function StatusSelect({ order }: { order: AdminOrder }) {
  const update = useOrderStatus()
  const [asking, setAsking] = useState(false)
  const [refunding, setRefunding] = useState(false)
  return (
    <>
      <label className="flex items-center gap-2 text-sm">
        <span className="sr-only">Status do pedido {order.id}</span>
        <select
          value={order.status}
          disabled={update.isPending}
          data-testid="order-status"
          onChange={(e) => {
            const status = e.target.value as AdminOrder['status']
            // The buyer's word, never the owner's choice: not offered (see below).
            if (status === 'awaiting_confirmation') return
            if (status === 'paid') setAsking(true)
            // A refund gives the money back (provider) and is asked like 'Reembolsar'.
            else if (status === 'refunded' && order.status === 'paid') setRefunding(true)
            else update.mutate({ id: order.id, status })
          }}
          className="h-10 rounded-xl border-2 border-purple-100 bg-white px-2 text-base focus:border-purple-500 focus:outline-none"
        >
          {ORDER_STATUSES.filter((s) => s !== 'awaiting_confirmation' || order.status === s).map(
            (status) => (
              <option key={status} value={status} disabled={status === 'awaiting_confirmation'}>
                {STATUS_LABELS[status]}
              </option>
            ),
          )}
        </select>
      </label>
      <ConfirmPaid
        order={order}
        open={asking}
        onOpenChange={setAsking}
        onConfirm={() => update.mutate({ id: order.id, status: 'paid' })}
      />
      <RefundDialog order={order} open={refunding} onOpenChange={setRefunding} />
    </>
  )
}
