import { useInfiniteQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import type { AdminOrder } from '../../../../contracts/admin'
import { formatPhoneBR } from '../../../lib/format'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { useOrderStatus } from '../admin.mutations'
import { adminOrdersQuery } from '../admin.queries'
import { money, shortDate } from '../money'
import { DemoBadge, OrderStatusBadge } from '../order-badge'
import { RefundDialog } from '../refund-dialog'
import { OlderPages } from '../newest-first'
import { MarkRefundSent } from './refunds-tab'

/** "2× Kit Alfabetização, Cartaz": what the buyer paid for, to match it with the PIX. */
export function itemsText(order: AdminOrder): string {
  return order.items
    .map((item) => (item.quantity > 1 ? `${item.quantity}× ` : '') + item.productName)
    .join(', ')
}

/** The buyer's WhatsApp, opened in a chat: how the owner asks for or thanks for a receipt. */
function WhatsappLink({ number }: { number: string }) {
  const digits = number.replace(/\D/g, '')
  if (!digits) return null
  return (
    <a
      href={`https://wa.me/${digits}`}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="order-whatsapp"
      className="font-semibold text-emerald-700 underline"
    >
      WhatsApp {formatPhoneBR(digits)}
    </a>
  )
}

/** Where the buyer came from: the source line, and every tag kept when opened. */
function OrderSource({ order }: { order: AdminOrder }) {
  const tags = Object.entries(order.attribution ?? {})
  return (
    <details data-testid="order-source" className="text-sm text-gray-600">
      <summary className="cursor-pointer">
        Origem: <span className="font-semibold text-purple-900">{order.source}</span>
      </summary>
      {tags.length === 0 ? (
        <p>Sem campanha nem site de origem: o comprador chegou direto.</p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 break-all">
          {tags.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="font-mono text-xs text-gray-500">{key}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </details>
  )
}

/** One order's summary line; `children` are the tab's own controls. */
export function OrderLine({ order, children }: { order: AdminOrder; children: ReactNode }) {
  return (
    <li data-testid="order-row" className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="min-w-0">
        <p className="truncate font-semibold">
          {order.customerName || 'Cliente'}{' '}
          <span className="font-mono text-xs text-gray-600">#{String(order.id).slice(0, 8)}</span>{' '}
          <DemoBadge order={order} />
        </p>
        <p data-testid="order-items" className="text-sm text-gray-800">
          {itemsText(order)}
        </p>
        <p className="truncate text-sm text-gray-500">{order.customerEmail}</p>
        {/* On a line of its own: a long e-mail never cuts the date off on a phone. */}
        <p className="text-sm whitespace-nowrap text-gray-500">
          {shortDate(order.createdAt)}
          {order.paymentMethod ? ` · ${order.paymentMethod.toUpperCase()}` : ''}
        </p>
        <p className="text-sm">
          <WhatsappLink number={order.customerWhatsapp} />
        </p>
        <OrderSource order={order} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {order.couponCode && order.discountAmount !== '0.00' ? (
          <span data-testid="order-coupon" className="text-xs font-semibold text-emerald-700">
            Cupom {order.couponCode}: −{money(order.discountAmount)}
          </span>
        ) : null}
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
  const pages = useInfiniteQuery(adminOrdersQuery())
  const { data, error, isPending, refetch } = pages
  const orders = data?.pages.flat() ?? []
  return (
    <Panel title={title}>
      {isPending ? (
        <Loading />
      ) : !data ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : orders.length === 0 ? (
        <p className="text-gray-600">Nenhum pedido ainda.</p>
      ) : (
        <>
          <ul className="divide-y divide-purple-100">
            {orders.map((order) => (
              <OrderLine key={order.id} order={order}>
                {render(order)}
              </OrderLine>
            ))}
          </ul>
          {/* A page at a time: a store with years of sales opens the tab at once. */}
          <OlderPages pages={pages} label="Carregar mais pedidos" />
        </>
      )}
    </Panel>
  )
}

/**
 * Asks before an order is marked paid: that releases the downloads, so the owner checks the
 * PIX arrived in the bank first.
 */
export function ConfirmPaid({
  order,
  open,
  onOpenChange,
  onConfirm,
}: {
  order: AdminOrder
  open: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: () => void
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Confirmar pagamento?"
      confirmLabel="Sim, recebi o pagamento"
      onConfirm={onConfirm}
    >
      <p>
        Confira no app do banco se o PIX de <strong>{money(order.totalAmount)}</strong> de{' '}
        <strong>{order.customerName || 'Cliente'}</strong> chegou.
      </p>
      <p className="text-sm">{itemsText(order)}</p>
      <p className="text-sm">Ao confirmar, os materiais são liberados para download.</p>
    </ConfirmDialog>
  )
}

/** A paid order's 'Reembolsar', with its confirmation. */
export function RefundButton({ order }: { order: AdminOrder }) {
  const [asking, setAsking] = useState(false)
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        data-testid="refund-order"
        onClick={() => setAsking(true)}
      >
        Reembolsar
      </Button>
      <RefundDialog order={order} open={asking} onOpenChange={setAsking} />
    </>
  )
}

export function MarkPaid({ order }: { order: AdminOrder }) {
  const update = useOrderStatus()
  const [asking, setAsking] = useState(false)
  if (order.status === 'paid') {
    return (
      <>
        <OrderStatusBadge order={order} />
        <RefundButton order={order} />
      </>
    )
  }
  if (order.status === 'refunded' && order.refundStatus === 'to_send') {
    return (
      <>
        <OrderStatusBadge order={order} />
        <MarkRefundSent orderId={order.id} />
      </>
    )
  }
  // The server says whether a payment confirmed now pays it (pending, awaiting her confirmation
  // after 'Já paguei', or cancelled only because its PIX ran out: decision 017).
  if (!order.confirmable) return <OrderStatusBadge order={order} />
  const label =
    order.status === 'awaiting_confirmation' || order.status === 'cancelled'
      ? 'Confirmar pagamento'
      : 'Marcar como pago'
  return (
    <>
      <OrderStatusBadge order={order} />
      <Button
        size="sm"
        variant={order.status === 'cancelled' ? 'secondary' : 'success'}
        data-testid="mark-paid"
        disabled={update.isPending}
        onClick={() => setAsking(true)}
      >
        {update.isPending ? 'Salvando...' : label}
      </Button>
      <ConfirmPaid
        order={order}
        open={asking}
        onOpenChange={setAsking}
        onConfirm={() => update.mutate({ id: order.id, status: 'paid' })}
      />
    </>
  )
}
