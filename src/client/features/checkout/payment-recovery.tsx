import { useMutation } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Link } from 'wouter'
import { Button, buttonClasses } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { toast } from '../../ui/toast-store'
import { forgetPaidTempItem } from '../cart/temp-checkout'
import { fetchOrderStatus, isPaidStatus } from './checkout.api'
import {
  clearPendingOrder,
  materialsHref,
  orderHref,
  readPendingOrder,
  type PendingOrder,
} from './pending-order'

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' })

/** /payment-recovery: the order saved in this browser, checked, cleared or paid again. */
export function PaymentRecovery() {
  const [order, setOrder] = useState(() => readPendingOrder())
  const [paid, setPaid] = useState<PendingOrder | null>(null)
  const verify = useMutation({
    mutationFn: (o: PendingOrder) => fetchOrderStatus(o.orderId),
    onSuccess: ({ status }, o) => {
      if (isPaidStatus(status)) {
        clearPendingOrder(o.orderId)
        forgetPaidTempItem(o.productIds)
        setOrder(null)
        setPaid(o)
        toast({
          title: 'PAGAMENTO CONFIRMADO!',
          description: `Materiais de "${o.productName}" liberados!`,
          variant: 'success',
        })
      } else if (status === 'pending') {
        toast({
          title: 'Pagamento Pendente',
          description:
            'Ainda não recebemos o PIX deste pedido. Se já pagou, aguarde alguns instantes.',
        })
      } else {
        clearPendingOrder(o.orderId)
        setOrder(null)
        toast({
          title: 'Pedido cancelado',
          description: 'Este pedido expirou. Faça um novo pedido.',
        })
      }
    },
    onError: (error) =>
      toast({
        title: 'Erro ao verificar pagamento',
        description: error.message,
        variant: 'destructive',
      }),
  })

  if (paid) {
    return (
      <Panel emoji="🎉" title="Pagamento confirmado!" text="Seus materiais já estão liberados.">
        <Link
          href={materialsHref(paid, false)}
          className={buttonClasses('primary', 'lg', 'w-full')}
        >
          Ver meus materiais
        </Link>
      </Panel>
    )
  }
  if (!order) {
    return (
      <Panel
        emoji="✅"
        title="Nenhum pagamento pendente"
        text="Não há pedido aguardando pagamento neste navegador."
      >
        <Link href="/" className={buttonClasses('primary', 'lg', 'w-full')}>
          Voltar à loja
        </Link>
      </Panel>
    )
  }
  return (
    <Panel
      emoji="⏳"
      title="Pagamento Pendente"
      text="Este pedido está aguardando o pagamento por PIX."
    >
      <dl
        data-testid="recovery-order"
        className="mb-5 rounded-xl bg-purple-50 p-3 text-left text-sm"
      >
        <dt className="font-semibold text-gray-600">Materiais</dt>
        <dd className="mb-2 font-bold text-gray-900">{order.productName}</dd>
        <dt className="font-semibold text-gray-600">Pedido</dt>
        <dd className="mb-2 font-mono text-xs break-all">{order.orderId}</dd>
        <dt className="font-semibold text-gray-600">Feito em</dt>
        <dd>{order.timestamp ? dateTime.format(order.timestamp) : '—'}</dd>
      </dl>
      <div className="flex flex-col gap-2">
        <Button size="lg" disabled={verify.isPending} onClick={() => verify.mutate(order)}>
          {verify.isPending ? <Spinner label="Verificando..." /> : 'Verificar pagamento'}
        </Button>
        <Link href={orderHref(order.orderId)} className={buttonClasses('secondary', 'lg')}>
          Ver QR Code
        </Link>
        <Button
          variant="ghost"
          onClick={() => {
            clearPendingOrder(order.orderId)
            setOrder(null)
          }}
        >
          Limpar pedido pendente
        </Button>
      </div>
    </Panel>
  )
}

function Panel(props: { emoji: string; title: string; text: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-md rounded-3xl border border-purple-100 bg-white p-6 text-center shadow-sm">
      <p aria-hidden="true" className="text-5xl">
        {props.emoji}
      </p>
      <h1 className="mt-3 text-xl font-extrabold text-purple-900">{props.title}</h1>
      <p className="mt-1 mb-5 text-gray-600">{props.text}</p>
      {props.children}
    </section>
  )
}
