import type { ReactNode } from 'react'
import { Redirect, useSearch } from 'wouter'
import { useAccessLink } from '../features/account/guest-link-access'
import { usePaymentLink } from '../features/checkout/payment-link'
import { Loading } from '../ui/query-state'
import { NewOrder } from '../features/checkout/new-order'
import { OrderWait } from '../features/checkout/order-wait'
import {
  CHECKOUT_RESTORE_MS,
  orderHref,
  pendingOrderAge,
  readPendingOrder,
} from '../features/checkout/pending-order'
import { usePixPromise } from '../features/checkout/pix-promise'

/**
 * The order e-mail's button, opened on any device: the access it carries is opened first, so
 * the order's status (checked against the buyer) can be read. A failed access still shows the
 * order's own answer (not found, on another device).
 */
function WithAccess({ token, children }: { token: string; children: ReactNode }) {
  const { isPending } = useAccessLink(token)
  if (isPending) return <Loading label="Carregando seu pedido..." className="py-16" />
  return children
}

/**
 * A PIX reminder sent by WhatsApp: its token opens this order's payment page in this browser,
 * and nothing else of the buyer's e-mail. A failed token still shows the order's own answer.
 */
function WithPaymentToken({ token, children }: { token: string; children: ReactNode }) {
  const { isPending } = usePaymentLink(token)
  if (isPending) return <Loading label="Carregando seu pedido..." className="py-16" />
  return children
}

/** /checkout and /checkout-pix: new order, waiting for the PIX, completed (SPEC.md section 4). */
export default function CheckoutPage() {
  const params = new URLSearchParams(useSearch())
  const orderId = params.get('order')
  const instant = params.get('instant') === 'true'
  const pixPromise = usePixPromise()

  if (orderId) {
    const token = params.get('acesso')
    const paymentToken = params.get('pagamento')
    const wait = <OrderWait key={orderId} orderId={orderId} />
    return (
      <div className="px-4 py-6">
        {token ? (
          <WithAccess token={token}>{wait}</WithAccess>
        ) : paymentToken ? (
          <WithPaymentToken token={paymentToken}>{wait}</WithPaymentToken>
        ) : (
          wait
        )}
      </div>
    )
  }
  // A reload or a return within 30 min brings back the order still waiting for its PIX.
  const saved = instant ? null : readPendingOrder()
  if (saved && pendingOrderAge(saved) < CHECKOUT_RESTORE_MS) {
    return <Redirect to={orderHref(saved.orderId)} replace />
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-extrabold text-purple-900 sm:text-3xl">Finalizar compra</h1>
      <p className="mt-1 mb-5 text-gray-600">
        <span aria-hidden="true">🔒</span>{' '}
        <span data-testid="checkout-promise">Pagamento seguro via PIX, {pixPromise.short}.</span>
      </p>
      <NewOrder instant={instant} />
    </div>
  )
}
