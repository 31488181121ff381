import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useLocation } from 'wouter'
import type { OrderStatusAnswer } from '../../../contracts/checkout'
import { formatDecimalBRL } from '../../../contracts/money'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { toast } from '../../ui/toast-store'
import { confirmPayment, isPaidStatus, orderStatusQuery } from './checkout.api'
import { AwaitingConfirmation, ManualConfirmation } from './manual-confirmation'
import { clearPendingOrder } from './pending-order'
import { PixCodeBox } from './pix-code-box'
import { PixCountdown } from './pix-countdown'
import { useFocusOnMount } from './use-focus-on-mount'

/** The button under the PIX: a new order by default; the clube closes its form instead. */
export interface PixLeave {
  label: string
  onLeave: () => void
}

interface PixPaymentViewProps {
  order: OrderStatusAnswer
  /** What else paying this PIX does, shown under the amount (the clube's PIX Automático). */
  note?: ReactNode
  leave?: PixLeave | undefined
  /** Polling used all its tries: offer a manual check. */
  exhausted: boolean
  onCheckAgain: () => void
}

/** Waiting for the PIX: amount, copy-paste code, QR code and the live status. */
export function PixPaymentView({
  order,
  note,
  leave,
  exhausted,
  onCheckAgain,
}: PixPaymentViewProps) {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const pix = order.pixPaymentData
  // A static key is confirmed by the store, by hand: nothing here may promise it is automatic.
  const manual = pix?.provider === 'static'
  const heading = useFocusOnMount<HTMLHeadingElement>()
  const confirm = useMutation({
    mutationFn: () => confirmPayment(order.id),
    onSuccess: (answer) => {
      queryClient.setQueryData(orderStatusQuery(order.id).queryKey, answer)
      if (!isPaidStatus(answer.status)) {
        toast({ title: 'Pagamento Pendente', description: 'Ainda não recebemos o seu PIX.' })
      }
    },
    onError: (error) =>
      toast({
        title: 'Erro ao confirmar pagamento',
        description: error.message,
        variant: 'destructive',
      }),
  })

  if (order.awaitingConfirmation) {
    return (
      <section aria-labelledby="pix-titulo" className="mx-auto max-w-lg">
        <div className="rounded-3xl border border-purple-100 bg-white p-5 shadow-sm">
          <h1
            ref={heading}
            tabIndex={-1}
            id="pix-titulo"
            className="text-center text-2xl font-extrabold text-purple-900"
          >
            Pagamento em conferência
          </h1>
          <p
            data-testid="pix-amount"
            className="mt-1 text-center text-3xl font-extrabold text-purple-700"
          >
            {formatDecimalBRL(pix?.amount ?? order.totalAmount)}
          </p>
          <p className="text-center text-sm text-gray-600">Pedido #{order.id.slice(0, 8)}</p>
          <AwaitingConfirmation />
          {exhausted && (
            <div className="mt-4 text-center">
              <Button variant="secondary" size="sm" onClick={onCheckAgain}>
                Verificar pagamento
              </Button>
            </div>
          )}
        </div>
      </section>
    )
  }

  return (
    <section aria-labelledby="pix-titulo" className="mx-auto max-w-lg">
      <div className="rounded-3xl border border-purple-100 bg-white p-5 shadow-sm">
        <p className="text-center text-sm font-semibold text-emerald-700">
          ✓ Pedido criado! Falta só o pagamento
        </p>
        <h1
          ref={heading}
          tabIndex={-1}
          id="pix-titulo"
          className="mt-1 text-center text-2xl font-extrabold text-purple-900"
        >
          Pague com PIX
        </h1>
        <p
          data-testid="pix-amount"
          className="mt-1 text-center text-3xl font-extrabold text-purple-700"
        >
          {formatDecimalBRL(pix?.amount ?? order.totalAmount)}
        </p>
        {order.couponCode && order.discountAmount && order.discountAmount !== '0.00' ? (
          <p className="text-center text-sm font-semibold text-emerald-700">
            Cupom {order.couponCode}: −{formatDecimalBRL(order.discountAmount)} de{' '}
            {formatDecimalBRL(order.subtotalAmount)}
          </p>
        ) : null}
        {note}
        {pix?.expiresAt && <PixCountdown expiresAt={pix.expiresAt} onExpired={onCheckAgain} />}
        {pix?.recipientName && (
          <p data-testid="pix-recipient" className="mt-1 text-center text-sm text-gray-700">
            Para: <strong>{pix.recipientName}</strong>
          </p>
        )}
        {pix ? (
          // On a phone the code comes first (the QR is for another device); on a computer the QR.
          <div className="mt-5 flex flex-col gap-5">
            <div className="order-2 text-center sm:order-1">
              <img
                data-testid="pix-qr"
                src={pix.qrCodeBase64}
                alt="QR Code do PIX"
                width={240}
                height={240}
                className="mx-auto size-60 rounded-2xl border border-purple-100 p-2 [image-rendering:pixelated]"
              />
              <p className="mt-2 text-xs text-gray-500">
                Ou escaneie com a câmera do app do banco em outro aparelho.
              </p>
            </div>
            <div className="order-1 sm:order-2">
              <PixCodeBox code={pix.qrCode} />
            </div>
          </div>
        ) : (
          <p className="mt-5 rounded-xl bg-amber-50 p-4 text-center text-sm text-amber-900">
            O código PIX deste pedido não está disponível. Fale com a gente pelo WhatsApp.
          </p>
        )}
        <ol className="mt-5 list-decimal space-y-1 pl-5 text-sm text-gray-700">
          <li>Abra o app do seu banco e escolha PIX.</li>
          <li>Cole o código (PIX Copia e Cola) ou leia o QR Code.</li>
          {manual ? (
            <li>Pague e toque em &lsquo;Já paguei&rsquo; logo abaixo.</li>
          ) : (
            <li>Confirme o pagamento: esta página atualiza sozinha.</li>
          )}
        </ol>
        {manual && <ManualConfirmation order={order} />}
        {pix?.ticketUrl && (
          <a
            href={pix.ticketUrl}
            target="_blank"
            rel="noopener"
            className="mt-3 block text-center text-sm font-semibold text-purple-700 underline"
          >
            Abrir a página de pagamento
          </a>
        )}
        <div aria-live="polite" className="mt-5 rounded-xl bg-purple-50 p-3 text-center">
          {exhausted ? (
            <>
              <p className="text-sm text-purple-900">
                {manual
                  ? 'A loja ainda não confirmou o pagamento. Você pode voltar a esta página depois.'
                  : 'Ainda não recebemos a confirmação do PIX.'}
              </p>
              <Button variant="secondary" size="sm" className="mt-2" onClick={onCheckAgain}>
                Verificar pagamento
              </Button>
            </>
          ) : (
            <span className="text-sm font-semibold text-purple-800">
              <Spinner
                label={manual ? 'Aguardando a confirmação da loja...' : 'Aguardando pagamento...'}
                className="size-4"
              />
            </span>
          )}
        </div>
        {pix?.isDemo && (
          <div className="mt-5 rounded-2xl border-2 border-dashed border-amber-300 bg-amber-50 p-4">
            <p className="font-bold text-amber-900">Modo demonstração</p>
            <p className="mt-1 text-sm text-amber-900">
              Esta loja ainda não tem PIX configurado: nenhum valor é cobrado. Simule o pagamento
              para ver o pedido concluído.
            </p>
            <Button
              data-testid="demo-confirm"
              className="mt-3 w-full"
              disabled={confirm.isPending}
              onClick={() => confirm.mutate()}
            >
              {confirm.isPending ? <Spinner label="Confirmando..." /> : 'Confirmar pagamento'}
            </Button>
          </div>
        )}
      </div>
      <div className="mt-3 text-center">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            clearPendingOrder(order.id)
            if (leave) leave.onLeave()
            else navigate('/checkout', { replace: true })
          }}
        >
          {leave?.label ?? 'Fazer outro pedido'}
        </Button>
      </div>
    </section>
  )
}
