import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatDecimalBRL as money } from '../../../contracts/money'
import { STATUS_LABELS, type SubscriptionView } from '../../../contracts/subscriptions'
import { clubeTitle } from '../../../contracts/clube-title'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { mySubscriptionsQuery, useCancelSubscription } from './subscriptions.api'

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeZone: 'America/Sao_Paulo',
})
const dateBR = (iso: string) => dateFormat.format(new Date(iso))

/** What a subscription's line says about its period: the next charge, or until when it opens. */
function periodText(s: SubscriptionView): string {
  if (!s.currentPeriodEnd) return ''
  const end = dateBR(s.currentPeriodEnd)
  switch (s.status) {
    case 'ativa':
      return `Próxima cobrança: período que começa em ${end} (o PIX chega por e-mail uns dias antes)`
    case 'em_atraso':
      return `O PIX do período que começou em ${end} está em aberto: pague para não perder o acesso`
    case 'pausada':
      return 'Acesso pausado: pague o PIX em aberto e os materiais voltam na hora'
    case 'cancelada':
      return `Cancelada: nada mais será cobrado, os materiais ficam até ${end}`
    default:
      return ''
  }
}

type Asking = { sub: SubscriptionView; withdraw: boolean }

/** What the confirmation promises: exactly what the server does for each choice and state. */
function ConfirmText({ sub, withdraw }: Asking) {
  const end = sub.currentPeriodEnd ? dateBR(sub.currentPeriodEnd) : null
  if (withdraw) {
    return (
      <>
        <p>
          A assinatura é cancelada agora e pedimos o reembolso do primeiro pagamento (
          {money(sub.price)}), como garante o Código de Defesa do Consumidor em até 7 dias.
        </p>
        <p>
          Se você não baixou nenhum material do clube, o reembolso é aprovado na hora e os materiais
          do clube saem de Meus materiais. Se já baixou, a loja analisa o pedido
          {end ? ` e, enquanto isso, o acesso segue até ${end}` : ''}.
        </p>
      </>
    )
  }
  if (sub.status === 'pausada' || sub.status === 'pendente' || !end) {
    return <p>A assinatura termina agora e nada mais será cobrado.</p>
  }
  if (sub.status === 'em_atraso') {
    return (
      <p>
        Nada mais será cobrado e o PIX em aberto é cancelado. Como o período pago já acabou, os
        materiais do clube saem de Meus materiais.
      </p>
    )
  }
  return (
    <>
      <p>Nada mais será cobrado.</p>
      <p>
        Os materiais do clube continuam em Meus materiais até {end}. Depois saem; o que você comprou
        à parte continua com você.
      </p>
    </>
  )
}

/** Her subscriptions, each cancellable (and, within 7 days of the first payment, withdrawable). */
export function MySubscriptions() {
  const { data, refetch } = useQuery(mySubscriptionsQuery())
  const cancel = useCancelSubscription()
  const [asking, setAsking] = useState<{ id: string; withdraw: boolean } | null>(null)
  // The dialog reads the subscription as the server has it now (the owner may have given her
  // a free period since the page loaded): its dates are what it promises.
  const ask = (id: string, withdraw: boolean) => {
    setAsking({ id, withdraw })
    void refetch()
  }
  const askedSub = asking && (data ?? []).find((s) => s.id === asking.id)
  const [done, setDone] = useState<string | null>(null)
  const live = (data ?? []).filter((s) => s.status !== 'encerrada' && s.status !== 'pendente')
  if (live.length === 0 && !done) return null
  return (
    <section className="mt-6 space-y-3" data-testid="my-subscriptions">
      <h2 className="text-xl font-extrabold text-purple-900">Minhas assinaturas</h2>
      {done ? (
        <p role="status" className="rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900">
          {done}
        </p>
      ) : null}
      {live.map((s) => (
        <div
          key={s.id}
          className="space-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-purple-100"
          data-testid="my-subscription"
        >
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-bold text-purple-900">{clubeTitle(s.planName)}</p>
            <Badge
              tone={
                s.status === 'ativa'
                  ? 'green'
                  : s.status === 'em_atraso' || s.status === 'pausada'
                    ? 'amber'
                    : 'gray'
              }
            >
              {STATUS_LABELS[s.status]}
            </Badge>
          </div>
          <p className="text-sm text-gray-700">
            {money(s.price)} por {s.interval === 'year' ? 'ano' : 'mês'} ·{' '}
            {s.method === 'pix_automatico' ? 'PIX Automático' : 'PIX a cada ciclo'}
          </p>
          <p className="text-sm text-gray-700" data-testid="my-subscription-period">
            {periodText(s)}
          </p>
          {s.nextPrice ? (
            <p className="text-sm text-amber-800">
              Novo valor avisado por e-mail: {money(s.nextPrice)} a partir de um próximo ciclo
            </p>
          ) : null}
          {s.status !== 'cancelada' ? (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={cancel.isPending}
                onClick={() => ask(s.id, false)}
                data-testid="cancel-subscription"
              >
                Cancelar assinatura
              </Button>
              {s.withdrawableUntil ? (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={cancel.isPending}
                  onClick={() => ask(s.id, true)}
                  data-testid="withdraw-subscription"
                >
                  Desistir com reembolso
                </Button>
              ) : null}
              <p className="w-full text-xs text-gray-600" data-testid="my-subscription-actions">
                {s.withdrawableUntil
                  ? `Cancelar: nada mais é cobrado e os materiais ficam até o fim do período pago. Desistir com reembolso (até ${dateBR(s.withdrawableUntil)}): cancela agora e devolve o primeiro pagamento, ${money(s.price)}.`
                  : 'Cancelar: nada mais é cobrado e os materiais ficam até o fim do período pago.'}
              </p>
            </div>
          ) : null}
          {cancel.error && cancel.variables?.id === s.id ? (
            <p role="alert" className="text-sm text-red-700">
              {cancel.error.message}
            </p>
          ) : null}
        </div>
      ))}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking?.withdraw ? 'Desistir com reembolso?' : 'Cancelar a assinatura?'}
        confirmLabel={asking?.withdraw ? 'Desistir e pedir reembolso' : 'Cancelar assinatura'}
        cancelLabel="Manter assinatura"
        onConfirm={() =>
          asking &&
          cancel.mutate(
            { id: asking.id, withdraw: asking.withdraw },
            {
              onSuccess: (answer) => {
                setDone(
                  answer.refund === 'refunded'
                    ? 'Pronto: assinatura encerrada e pagamento reembolsado.'
                    : answer.refund === 'pending'
                      ? 'Assinatura cancelada e reembolso pedido: acompanhe-o no histórico de pedidos.'
                      : 'Assinatura cancelada. Enviamos a confirmação por e-mail.',
                )
              },
            },
          )
        }
      >
        {asking && askedSub ? <ConfirmText sub={askedSub} withdraw={asking.withdraw} /> : null}
      </ConfirmDialog>
    </section>
  )
}
