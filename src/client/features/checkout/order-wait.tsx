import { useQuery } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { HttpError } from '../../lib/api'
import { Button } from '../../ui/button'
import { Loading } from '../../ui/query-state'
import { isPaidStatus, orderStatusQuery } from './checkout.api'
import { ExistingAccountNotice } from './existing-account-notice'
import { OrderCompleted } from './order-completed'
import { clearPendingOrder } from './pending-order'
import { usePaymentPolling } from './payment-polling'
import { ClaimButtons } from './manual-confirmation'
import { PixPaymentView, type PixLeave } from './pix-payment-view'

/**
 * /checkout?order={id}: the order's status decides the view; polling keeps it current. The
 * clube's subscription shows it too, with what its PIX also does (`note`) and its own way out
 * (`leave`) instead of a new cart order.
 */
export function OrderWait({
  orderId,
  note,
  leave,
}: {
  orderId: string
  note?: ReactNode
  leave?: PixLeave
}) {
  // The status arrives from the checkout answer or one fetch on load; after that only polling.
  const { data, error, isPending, refetch } = useQuery({
    ...orderStatusQuery(orderId),
    staleTime: Infinity,
  })
  const [, navigate] = useLocation()
  const waiting = data?.status === 'pending'
  const polling = usePaymentPolling(orderId, waiting)
  const gone = !data && error instanceof HttpError && error.status === 404
  const closed = data && !waiting && !isPaidStatus(data.status)
  // An expired PIX to the store's own key: the buyer may have paid late.
  const lateClaim = closed && data.canClaimPayment

  useEffect(() => {
    if (gone || closed) clearPendingOrder(orderId)
  }, [gone, closed, orderId])

  if (data && isPaidStatus(data.status)) {
    return (
      <>
        <ExistingAccountNotice orderId={orderId} />
        <OrderCompleted orderId={orderId} />
      </>
    )
  }
  if (data && waiting) {
    return (
      <>
        <ExistingAccountNotice orderId={orderId} />
        <PixPaymentView
          order={data}
          note={note}
          leave={leave}
          exhausted={polling.exhausted}
          onCheckAgain={() => {
            void refetch()
            polling.restart()
          }}
        />
      </>
    )
  }
  if (isPending) return <Loading label="Carregando seu pedido..." className="py-16" />
  return (
    <div className="mx-auto max-w-md rounded-3xl border border-purple-100 bg-white p-6 text-center shadow-sm">
      <p aria-hidden="true" className="text-5xl">
        {closed ? '⌛' : '🔎'}
      </p>
      <h1 className="mt-3 text-xl font-bold text-purple-900">
        {lateClaim
          ? 'O prazo do PIX terminou'
          : closed
            ? 'Pedido cancelado'
            : gone
              ? 'Pedido não encontrado'
              : 'Erro ao carregar pedido'}
      </h1>
      <p className="mt-1 text-gray-600">
        {lateClaim
          ? 'Este código PIX não deve mais ser pago. Se você já pagou, avise a loja: ela confere o pagamento e libera os materiais.'
          : closed
            ? 'Este pedido expirou ou foi cancelado. Você pode fazer um novo pedido.'
            : gone
              ? 'Não encontramos este pedido neste navegador.'
              : (error?.message ?? 'Tente novamente em instantes.')}
      </p>
      {lateClaim && (
        <div
          data-testid="late-claim"
          className="mt-4 rounded-2xl border-2 border-emerald-200 bg-emerald-50 p-4 text-left"
        >
          <p className="font-bold text-emerald-900">Já pagou? Envie o comprovante</p>
          <ClaimButtons order={data} amount={data.totalAmount} label="Já paguei este pedido" />
        </div>
      )}
      <div className="mt-5 flex flex-col gap-2">
        {!closed && !gone && (
          <Button variant="secondary" onClick={() => void refetch()}>
            Tentar novamente
          </Button>
        )}
        <Button
          variant={lateClaim ? 'secondary' : undefined}
          onClick={() => {
            clearPendingOrder(orderId)
            navigate('/checkout', { replace: true })
          }}
        >
          Fazer um novo pedido
        </Button>
      </div>
    </div>
  )
}
