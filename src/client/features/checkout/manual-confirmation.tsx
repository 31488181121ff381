import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { OrderStatusAnswer } from '../../../contracts/checkout'
import { formatDecimalBRL } from '../../../contracts/money'
import { isPlaceholderEmail, isPlaceholderWhatsapp } from '../../../contracts/demo-placeholders'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { toast } from '../../ui/toast-store'
import { usePublicSetting } from '../settings/settings.api'
import { claimPayment, orderStatusQuery } from './checkout.api'

/**
 * Where the buyer sends the receipt, with the order and amount written in: the store's support
 * WhatsApp (wa.me), else its e-mail (mailto), else nowhere (null). The demo's placeholder number
 * and address are nobody the owner knows: a proof of payment never goes to them.
 */
export function receiptLink(
  whatsapp: string,
  email: string,
  orderId: string,
  amount: string,
): string | null {
  const text = `Olá! Já paguei o pedido ${orderId} no valor de ${formatDecimalBRL(amount)} por PIX. Segue o comprovante.`
  if (!isPlaceholderWhatsapp(whatsapp)) {
    return `https://wa.me/${whatsapp.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`
  }
  if (!isPlaceholderEmail(email)) {
    const subject = `Comprovante do pedido ${orderId}`
    return `mailto:${email.trim()}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text)}`
  }
  return null
}

/**
 * 'Já paguei': tells the shop the buyer paid, so the order waits for the owner's
 * confirmation instead of expiring, and the owner is alerted. The page then shows the answer.
 */
export function useClaimPayment(orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => claimPayment(orderId),
    onSuccess: (answer) => queryClient.setQueryData(orderStatusQuery(orderId).queryKey, answer),
    onError: (error) =>
      toast({
        title: 'Não foi possível avisar a loja',
        description: error.message,
        variant: 'destructive',
      }),
  })
}

/**
 * The two ways to say "I paid": the button, and the receipt sent by WhatsApp (which tells the
 * shop too). `label` differs on a PIX that already expired.
 */
export function ClaimButtons({
  order,
  amount,
  label = 'Já paguei',
}: {
  order: Pick<OrderStatusAnswer, 'id'>
  amount: string
  label?: string
}) {
  const claim = useClaimPayment(order.id)
  const link = receiptLink(
    usePublicSetting('whatsapp_number'),
    usePublicSetting('footer_email'),
    order.id,
    amount,
  )
  return (
    <div className="mt-3 flex flex-col gap-2">
      <Button
        data-testid="pix-claim"
        variant="success"
        className="w-full"
        disabled={claim.isPending}
        onClick={() => claim.mutate()}
      >
        {claim.isPending ? <Spinner label="Avisando a loja..." /> : label}
      </Button>
      {link ? (
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={link.startsWith('mailto:') ? 'pix-receipt-email' : 'pix-receipt-whatsapp'}
          // The receipt says she paid: the order waits for the shop as with the button.
          onClick={() => claim.mutate()}
          // A button's look, but its height grows: the label takes two lines on a small phone.
          className="flex min-h-11 w-full items-center justify-center rounded-xl border-2 border-emerald-700 bg-white px-4 py-2 text-center font-semibold text-emerald-800 hover:bg-emerald-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-purple-500"
        >
          {link.startsWith('mailto:')
            ? 'Enviar comprovante por e-mail'
            : 'Enviar comprovante pelo WhatsApp'}
        </a>
      ) : (
        <p className="text-sm text-emerald-950">
          Guarde o comprovante: a loja pode pedi-lo para confirmar.
        </p>
      )}
    </div>
  )
}

/**
 * A static PIX key: the bank tells nobody, so the store confirms by hand. The buyer is told so,
 * shown who receives the money, and says when she paid ('Já paguei').
 */
export function ManualConfirmation({ order }: { order: OrderStatusAnswer }) {
  return (
    <div
      data-testid="manual-confirmation"
      className="mt-5 rounded-2xl border-2 border-emerald-200 bg-emerald-50 p-4"
    >
      <p className="font-bold text-emerald-900">Confirmação pela loja</p>
      <p className="mt-1 text-sm text-emerald-950">
        Depois de pagar, toque em &lsquo;Já paguei&rsquo;: a loja confere o pagamento, normalmente
        em minutos no horário de atendimento, e os materiais são liberados assim que ela confirmar.
      </p>
      <ClaimButtons order={order} amount={order.pixPaymentData?.amount ?? order.totalAmount} />
    </div>
  )
}

/** After 'Já paguei': the shop is checking; nothing else to do but wait (the page polls). */
export function AwaitingConfirmation() {
  return (
    <div
      data-testid="awaiting-confirmation"
      role="status"
      className="mt-5 rounded-2xl border-2 border-purple-200 bg-purple-50 p-4 text-center"
    >
      <p aria-hidden="true" className="text-4xl">
        🔎
      </p>
      <p className="mt-1 font-bold text-purple-900">A loja está conferindo o seu pagamento</p>
      <p className="mt-1 text-sm text-purple-950">
        Você avisou que já pagou. Assim que a loja confirmar o PIX, os materiais são liberados aqui
        e você recebe um e-mail com o acesso. Pode fechar esta página.
      </p>
    </div>
  )
}
