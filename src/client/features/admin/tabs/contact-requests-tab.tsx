import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { CONTACT_ANSWER_DAYS } from '../../../../contracts/contact'
import { Badge } from '../../../ui/badge'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { adminContactRequestsQuery } from '../admin.queries'

const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' })
const age = (days: number) => (days === 0 ? 'hoje' : days === 1 ? 'há 1 dia' : `há ${days} dias`)

/** On the overview: requests past the decree's 5 days, so none is forgotten. */
export function OverdueContactRequests() {
  const { data } = useQuery(adminContactRequestsQuery())
  const overdue = data?.filter((r) => r.overdue).length ?? 0
  if (overdue === 0) return null
  return (
    <div
      role="alert"
      data-testid="contact-overdue"
      className="rounded-2xl border-2 border-pink-300 bg-pink-50 p-4 text-pink-900"
    >
      <p className="font-bold">
        {overdue === 1 ? '1 mensagem do Fale conosco' : `${overdue} mensagens do Fale conosco`} com
        mais de {CONTACT_ANSWER_DAYS} dias
      </p>
      <p className="mt-1 text-sm">
        O Decreto 7.962/2013 pede resposta em até {CONTACT_ANSWER_DAYS} dias.{' '}
        <Link href="/admin?aba=contact-requests" className="font-semibold underline">
          Ver mensagens
        </Link>
      </p>
    </div>
  )
}

/** 'Fale conosco': every request with its protocol and age; older than 5 days stands out. */
export function ContactRequestsTab() {
  const { data, error, isPending, refetch } = useQuery(adminContactRequestsQuery())
  return (
    <Panel title="Fale conosco">
      {isPending ? (
        <Loading />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="text-gray-600">Nenhuma mensagem ainda.</p>
      ) : (
        <ul className="divide-y divide-purple-100">
          {data.map((r) => (
            <li key={r.protocol} data-testid="contact-row" className="space-y-1 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">{r.name}</p>
                <Badge tone={r.overdue ? 'pink' : r.ageDays >= 3 ? 'amber' : 'green'}>
                  {age(r.ageDays)}
                </Badge>
              </div>
              <p className="text-sm text-gray-700">
                <a href={`mailto:${r.email}?subject=Protocolo ${r.protocol}`} className="underline">
                  {r.email}
                </a>{' '}
                · protocolo <span className="font-mono">{r.protocol}</span>
                {r.orderId ? ` · pedido ${r.orderId}` : ''}
              </p>
              <p className="text-sm whitespace-pre-line text-gray-900">{r.message}</p>
              <p className="text-xs text-gray-500">{when.format(new Date(r.createdAt))}</p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}
