import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { CustomerOrder } from '../../../contracts/customer'
import type { RefundRequestAnswer, RefundStatus } from '../../../contracts/refunds'
import { REFUND_WINDOW_DAYS } from '../../../contracts/refunds'
import { requestRefund } from './account.api'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { toast } from '../../ui/toast-store'
import { NoteField } from '../../ui/note-field'

const dayFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit' })

const REFUND_TEXT: Record<RefundStatus, string> = {
  review: 'Reembolso pedido: em análise pela loja.',
  return_money: 'Reembolso aprovado: a loja vai devolver o seu PIX.',
  refunded: 'Reembolso feito.',
  declined: 'A loja recusou o reembolso deste pedido.',
}

/**
 * What an order shows about its refund: the request made, or 'Solicitar reembolso' while the
 * 7 days last (the server decides; a refund of untouched materials is done at once).
 */
export function RefundRequest({
  order,
  onAnswered,
}: {
  order: CustomerOrder
  onAnswered: (orderId: string, answer: RefundRequestAnswer) => void
}) {
  const [asking, setAsking] = useState(false)
  const [reason, setReason] = useState('')
  const request = useMutation({
    mutationFn: () => requestRefund(order.id, reason),
    onSuccess: (answer) => {
      toast({
        // A refund the shop still sends by hand is not told as done.
        title: {
          review: 'Pedido de reembolso enviado',
          return_money: 'Reembolso aprovado',
          refunded: 'Reembolso feito',
          declined: 'Reembolso recusado',
        }[answer.status],
        description: answer.message,
        variant: 'success',
      })
      onAnswered(order.id, answer)
    },
    onError: (error) =>
      toast({
        title: 'Não foi possível pedir o reembolso',
        description: error.message,
        variant: 'destructive',
      }),
  })

  const { status, requestableUntil } = order.refund
  if (status) {
    return (
      <p data-testid="refund-status" className="mt-2 text-sm font-medium text-purple-900">
        {REFUND_TEXT[status]}
      </p>
    )
  }
  if (!requestableUntil) return null
  // A clube cycle is given back by withdrawing from the subscription, which also stops the
  // next charges: one action, on the subscription, not a second one here.
  if (order.items.some((line) => line.planId !== undefined)) {
    return (
      <p data-testid="refund-in-subscription" className="mt-2 text-xs text-gray-600">
        Assinatura do clube: para desistir com reembolso, use &lsquo;Desistir com reembolso&rsquo;
        em Minhas assinaturas.
      </p>
    )
  }
  return (
    <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
      <span className="text-xs text-gray-500">
        Reembolso pode ser pedido até {dayFormat.format(new Date(requestableUntil))}
      </span>
      <Button
        size="sm"
        variant="secondary"
        data-testid="refund-request"
        disabled={request.isPending}
        onClick={() => setAsking(true)}
      >
        {request.isPending ? 'Enviando...' : 'Solicitar reembolso'}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Solicitar reembolso?"
        confirmLabel="Pedir reembolso"
        onConfirm={() => request.mutate()}
      >
        <p>
          Você tem {REFUND_WINDOW_DAYS} dias depois do pagamento para desistir da compra. Se nenhum
          material deste pedido foi baixado ou aberto, o reembolso é aprovado na hora e o valor
          volta para a conta que pagou (um PIX feito na chave da própria loja é devolvido por ela,
          que avisa por e-mail quando enviar); se já foi, a loja analisa o pedido.
        </p>
        <p className="text-sm">O acesso aos materiais termina quando o reembolso é feito.</p>
        <NoteField
          id={`motivo-${order.id}`}
          label="Motivo (opcional)"
          data-testid="refund-reason"
          value={reason}
          onChange={setReason}
        />
      </ConfirmDialog>
    </div>
  )
}

/** The order list after an answer: the request shown, and a refunded order's materials gone. */
export function applyRefundAnswer<
  T extends { orders: CustomerOrder[]; purchases: { orderId: string }[] },
>(found: T, orderId: string, answer: RefundRequestAnswer): T {
  const refunded = answer.status === 'refunded' || answer.status === 'return_money'
  return {
    ...found,
    orders: found.orders.map((o) =>
      o.id === orderId
        ? {
            ...o,
            status: refunded ? 'refunded' : o.status,
            refund: { status: answer.status, requestableUntil: null },
          }
        : o,
    ),
    purchases: refunded ? found.purchases.filter((p) => p.orderId !== orderId) : found.purchases,
  }
}
