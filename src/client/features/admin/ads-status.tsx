import { useQuery } from '@tanstack/react-query'
import type { AdsStatus } from '../../../contracts/ads'
import { LoadError, Loading } from '../../ui/query-state'
import { adsStatusQuery } from './admin.queries'
import { shortDate } from './money'

const NAMES: Record<AdsStatus[number]['platform'], string> = {
  meta: 'Meta (Facebook/Instagram)',
  ga4: 'Google Analytics 4',
  tiktok: 'TikTok',
}
const KINDS = { purchase: 'compra', refund: 'reembolso' } as const

/**
 * What the server sent each ad platform: on or off, the last event, what waits and the latest
 * failures with the platform's message (a wrong token shows here).
 */
export function AdsStatusSection() {
  const { data, error, isPending, refetch } = useQuery(adsStatusQuery())
  if (isPending) return <Loading />
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />
  return (
    <ul className="grid gap-3 sm:grid-cols-3" data-testid="ads-status">
      {data.map((p) => (
        <li key={p.platform} className="rounded-2xl bg-purple-50 p-4 text-sm">
          <p className="font-bold text-purple-900">{NAMES[p.platform]}</p>
          <p className={p.enabled ? 'text-emerald-700' : 'text-gray-500'}>
            {p.enabled ? 'Ligado: vendas pagas enviadas pelo servidor' : 'Desligado'}
          </p>
          <p className="mt-1 text-gray-700">
            Último envio:{' '}
            {p.lastSent
              ? `${KINDS[p.lastSent.kind]} #${p.lastSent.orderId.slice(0, 8)}, ${shortDate(p.lastSent.at)}`
              : 'nenhum'}
          </p>
          <p className="text-gray-700">
            {p.sent} enviados · {p.pending} na fila · {p.failed} com falha
          </p>
          {p.failures.length > 0 && (
            <ul className="mt-2 space-y-1" aria-label={`Falhas de ${NAMES[p.platform]}`}>
              {p.failures.map((f) => (
                <li key={`${f.orderId}-${f.kind}`} className="rounded-lg bg-white p-2 text-red-800">
                  #{f.orderId.slice(0, 8)} ({KINDS[f.kind]}, {f.attempts}{' '}
                  {f.attempts === 1 ? 'tentativa' : 'tentativas'}
                  {f.final ? ', desistimos' : ', tentaremos de novo'}): {f.message}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  )
}
