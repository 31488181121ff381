import type { CustomerOrder } from '../../../contracts/customer'
import { formatDecimalBRL } from '../../../contracts/money'
import type { RefundRequestAnswer } from '../../../contracts/refunds'
import { OrderStatusBadge } from '../../ui/order-status-badge'
import { RefundRequest } from './refund-request'

const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' })

export function OrderHistory({
  orders,
  onRefundAnswered,
}: {
  orders: CustomerOrder[]
  /** A refund was asked of one of these orders: the page shows what the server answered. */
  onRefundAnswered: (orderId: string, answer: RefundRequestAnswer) => void
}) {
  return (
    <section aria-labelledby="pedidos-titulo" className="mt-8">
      <h2 id="pedidos-titulo" className="text-xl font-extrabold text-purple-900">
        Histórico de pedidos
      </h2>
      {orders.length === 0 ? (
        <p className="mt-3 rounded-2xl bg-white p-4 text-gray-600 ring-1 ring-purple-100">
          Nenhum pedido ainda.
        </p>
      ) : (
        <ul className="mt-3 space-y-2">
          {orders.map((order) => (
            <li
              key={order.id}
              data-testid="order"
              className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-purple-100"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-mono text-sm text-gray-600">
                  Pedido #{order.id.slice(0, 8)}
                </span>
                <OrderStatusBadge order={order} />
              </div>
              <p className="mt-1 text-sm text-gray-800">
                {order.items.map((i) => `${i.productName} × ${i.quantity}`).join(', ')}
              </p>
              <div className="mt-1 flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="text-gray-500">
                  {dateFormat.format(new Date(order.createdAt))}
                </span>
                <span className="font-bold text-purple-900">
                  {order.couponCode && order.discountAmount !== '0.00' ? (
                    <span className="mr-2 text-xs font-semibold text-emerald-700">
                      Cupom {order.couponCode}: −{formatDecimalBRL(order.discountAmount)}
                    </span>
                  ) : null}
                  {formatDecimalBRL(order.totalAmount)}
                </span>
              </div>
              {order.invoice && (
                <p
                  data-testid="order-invoice"
                  className="mt-2 flex flex-wrap items-center gap-3 text-sm"
                >
                  <span className="text-gray-700">
                    Nota fiscal{order.invoice.number ? ` nº ${order.invoice.number}` : ''}:
                  </span>
                  {order.invoice.pdfUrl && (
                    <a
                      href={order.invoice.pdfUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-semibold text-purple-700 underline"
                    >
                      PDF
                    </a>
                  )}
                  {order.invoice.xmlUrl && (
                    <a
                      href={order.invoice.xmlUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-semibold text-purple-700 underline"
                    >
                      XML
                    </a>
                  )}
                </p>
              )}
              <RefundRequest order={order} onAnswered={onRefundAnswered} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
