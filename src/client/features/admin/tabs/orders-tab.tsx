import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { AdminOrder } from '../../../../contracts/admin'
import { Button } from '../../../ui/button'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { useOrderStatus } from '../admin.mutations'
import { adminOrdersQuery } from '../admin.queries'
import { money, shortDate } from '../money'
import { PaidBadge } from '../order-badge'

/** One order's summary line; `children` are the tab's own controls. */
export function OrderLine({ order, children }: { order: AdminOrder; children: ReactNode }) {
  return (
    <li data-testid="order-row" className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="min-w-0">
        <p className="truncate font-semibold">
          {order.customerName || 'Cliente'}{' '}
          <span className="font-mono text-xs text-gray-400">#{String(order.id).slice(0, 8)}</span>
        </p>
        <p className="truncate text-sm text-gray-500">
          {order.customerEmail} · {shortDate(order.createdAt)}
          {order.paymentMethod ? ` · ${order.paymentMethod.toUpperCase()}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-bold text-purple-900">{money(order.totalAmount)}</span>
        {children}
      </div>
    </li>
  )
}

/** The orders list of SPEC.md section 4: a pending order can be marked paid. */
export function OrdersList({
  title,
  render,
}: {
  title: string
  render: (order: AdminOrder) => ReactNode
}) {
  const { data, error, isPending, refetch } = useQuery(adminOrdersQuery())
  return (
    <Panel title={title}>
      {isPending ? (
        <Loading />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="text-gray-600">Nenhum pedido ainda.</p>
      ) : (
        <ul className="divide-y divide-purple-100">
          {data.map((order) => (
            <OrderLine key={order.id} order={order}>
              {render(order)}
            </OrderLine>
          ))}
        </ul>
      )}
    </Panel>
  )
}

function MarkPaid({ order }: { order: AdminOrder }) {
  const update = useOrderStatus()
  if (order.status !== 'pending') return <PaidBadge status={order.status} />
  return (
    <>
      <PaidBadge status={order.status} />
      <Button
        size="sm"
        variant="success"
        disabled={update.isPending}
        onClick={() => update.mutate({ id: order.id, status: 'paid' })}
      >
        {update.isPending ? 'Salvando...' : 'Marcar como pago'}
      </Button>
    </>
  )
}

export function OrdersTab() {
  return <OrdersList title="Pedidos" render={(order) => <MarkPaid order={order} />} />
}
