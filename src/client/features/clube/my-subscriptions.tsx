import { useQuery } from '@tanstack/react-query'
import { STATUS_LABELS } from '../../../contracts/subscriptions'
import { formatDecimalBRL as money } from '../../../contracts/money'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { mySubscriptionsQuery, useCancelSubscription } from './clube.api'

const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' })
const dateBR = (iso: string) => dateFormat.format(new Date(iso))

/** Her subscriptions, each cancellable (and, within 7 days of the first payment, withdrawable). */
export function MySubscriptions() {
  const { data } = useQuery(mySubscriptionsQuery())
  const cancel = useCancelSubscription()
  const live = (data ?? []).filter((s) => s.status !== 'encerrada' && s.status !== 'pendente')
  if (live.length === 0) return null
  return (
    <section className="space-y-3" data-testid="my-subscriptions">
      <h2 className="text-xl font-extrabold text-purple-900">Minhas assinaturas</h2>
      {live.map((s) => (
        <div key={s.id} className="space-y-2 rounded-2xl bg-white p-4 ring-1 ring-purple-100">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-bold text-purple-900">Clube {s.planName}</p>
            <Badge tone={s.status === 'ativa' ? 'green' : 'gray'}>{STATUS_LABELS[s.status]}</Badge>
          </div>
          <p className="text-sm text-gray-700">
            {money(s.price)} por {s.interval === 'year' ? 'ano' : 'mês'}
            {s.currentPeriodEnd
              ? s.status === 'cancelada'
                ? ` · acesso até ${dateBR(s.currentPeriodEnd)}`
                : ` · próximo ciclo em ${dateBR(s.currentPeriodEnd)}`
              : ''}
          </p>
          {s.nextPrice ? (
            <p className="text-sm text-amber-800">
              Novo valor a partir do próximo ciclo: {money(s.nextPrice)}
            </p>
          ) : null}
          {s.status !== 'cancelada' ? (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={cancel.isPending}
                onClick={() => cancel.mutate({ id: s.id, withdraw: false })}
                data-testid="cancel-subscription"
              >
                Cancelar assinatura
              </Button>
              {s.withdrawableUntil ? (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={cancel.isPending}
                  onClick={() => cancel.mutate({ id: s.id, withdraw: true })}
                >
                  Desistir com reembolso (até {dateBR(s.withdrawableUntil)})
                </Button>
              ) : null}
            </div>
          ) : null}
          {cancel.error ? (
            <p role="alert" className="text-sm text-red-700">
              {cancel.error.message}
            </p>
          ) : null}
        </div>
      ))}
    </section>
  )
}
