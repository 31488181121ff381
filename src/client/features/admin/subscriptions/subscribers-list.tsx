import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { STATUS_LABELS, type AdminSubscription } from '../../../../contracts/subscriptions'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { LoadError, Loading } from '../../../ui/query-state'
import { money } from '../money'
import { clubeSubscriptionsQuery, useSubscriptionAction } from './clube-admin.api'

const day = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' })
const dateBR = (iso: string) => day.format(new Date(iso))

const CYCLE_LABELS: Record<string, string> = {
  pending: 'aguardando PIX',
  charged: 'PIX enviado',
  paid: 'pago',
  free: 'grátis',
}

const tone = (status: AdminSubscription['status']) =>
  status === 'ativa' ? 'green' : status === 'em_atraso' || status === 'pausada' ? 'amber' : 'gray'

type Action = { sub: AdminSubscription; kind: 'cancel' | 'free' }

/** One subscriber: state, plan, price, method, next cycle and each cycle paid or given. */
function SubscriberRow({ s, onAct }: { s: AdminSubscription; onAct: (a: Action) => void }) {
  const end = s.currentPeriodEnd ? dateBR(s.currentPeriodEnd) : null
  return (
    <li className="space-y-1 py-3" data-testid="clube-subscriber">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold text-gray-900">{s.customerName}</p>
        <Badge tone={tone(s.status)}>{STATUS_LABELS[s.status]}</Badge>
      </div>
      <p className="text-sm break-all text-gray-700">{s.email}</p>
      <p className="text-sm text-gray-700">
        {s.planName} · {money(s.price)} ·{' '}
        {s.method === 'pix_automatico' ? 'PIX Automático' : 'PIX a cada ciclo'}
      </p>
      <p className="text-sm text-gray-700">
        Assinou em {dateBR(s.createdAt)}
        {end
          ? s.status === 'ativa' || s.status === 'em_atraso'
            ? ` · próxima cobrança: ciclo que começa em ${end}`
            : s.status === 'cancelada'
              ? ` · sem novas cobranças, acesso até ${end}`
              : ` · período terminou em ${end}`
          : ''}
      </p>
      <ol className="text-xs text-gray-600" aria-label="Histórico de ciclos">
        {s.cycles.map((c) => (
          <li key={c.cycle}>
            Ciclo {c.cycle}: {money(c.amount)} · {CYCLE_LABELS[c.status] ?? c.status}
            {c.orderId ? ` · pedido ${c.orderId.slice(0, 8)}` : ''}
          </li>
        ))}
      </ol>
      {['ativa', 'em_atraso', 'pausada'].includes(s.status) ? (
        <div className="flex flex-wrap gap-2 pt-1">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onAct({ sub: s, kind: 'cancel' })}
            data-testid="admin-cancel-subscription"
          >
            Cancelar assinatura
          </Button>
          {s.status === 'ativa' ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onAct({ sub: s, kind: 'free' })}
              data-testid="admin-free-period"
            >
              Dar um período grátis
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  )
}

/** 'Assinantes': each subscription with its history; the owner cancels or gives a period. */
export function SubscribersList() {
  const [action, setAction] = useState<Action | null>(null)
  const subs = useQuery(clubeSubscriptionsQuery())
  const act = useSubscriptionAction()

  if (subs.isPending) return <Loading />
  if (subs.error) return <LoadError error={subs.error} onRetry={() => void subs.refetch()} />
  if (subs.data.length === 0) return <p className="text-gray-600">Nenhuma assinatura ainda.</p>
  const s = action?.sub
  const end = s?.currentPeriodEnd ? dateBR(s.currentPeriodEnd) : null
  return (
    <>
      <ul className="divide-y divide-purple-100" data-testid="clube-subscribers">
        {subs.data.map((sub) => (
          <SubscriberRow key={sub.id} s={sub} onAct={setAction} />
        ))}
      </ul>
      <ConfirmDialog
        open={action !== null}
        onOpenChange={(open) => !open && setAction(null)}
        title={action?.kind === 'free' ? 'Dar um período grátis?' : 'Cancelar esta assinatura?'}
        confirmLabel={action?.kind === 'free' ? 'Dar o período grátis' : 'Cancelar assinatura'}
        cancelLabel="Voltar"
        onConfirm={() => action && act.mutate(action)}
      >
        {action?.kind === 'free' ? (
          <p>
            O período de {s?.customerName} ganha mais um ciclo sem cobrança, com os downloads dos
            materiais renovados: a próxima cobrança fica para depois dele.
          </p>
        ) : (
          <>
            <p>
              {s?.customerName} não será mais cobrada
              {s?.status === 'pausada' || s?.status === 'em_atraso'
                ? ': o período pago já acabou, então a assinatura termina agora.'
                : end
                  ? ` e mantém os materiais do clube até ${end}.`
                  : '.'}
            </p>
            <p>Ela recebe um e-mail avisando do cancelamento. Nada é reembolsado por aqui.</p>
          </>
        )}
      </ConfirmDialog>
    </>
  )
}
