import type { ReactNode } from 'react'
import type { SalesAnalytics } from '../../../../contracts/analytics'
import { cn } from '../../../lib/cn'
import { changeOf } from './period'

// The dashboard's pieces: a figure beside the period before, the funnel, and small tables.

function Change({ now, before, worse }: { now: number; before: number; worse?: boolean }) {
  const pct = changeOf(now, before)
  if (pct === null) return <span className="text-xs text-gray-500">novo</span>
  const up = pct > 0
  // More refunds is bad news: red when it grows.
  const good = worse ? !up : up
  return (
    <span
      data-testid="stat-change"
      className={cn(
        'text-xs font-semibold',
        pct === 0 ? 'text-gray-500' : good ? 'text-emerald-700' : 'text-red-700',
      )}
    >
      {up ? '▲' : pct < 0 ? '▼' : ''} {Math.abs(pct).toLocaleString('pt-BR')}%
    </span>
  )
}

export function Stat(props: {
  label: string
  value: string
  now: number
  before: number
  prev: string
  worse?: boolean
}) {
  return (
    <div className="rounded-2xl bg-purple-50 p-4" data-testid="sales-stat">
      <p className="text-sm text-gray-600">{props.label}</p>
      <p className="mt-1 text-2xl font-extrabold break-all text-purple-900">{props.value}</p>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-xs text-gray-500">
        <Change now={props.now} before={props.before} worse={props.worse} />{' '}
        <span>antes: {props.prev}</span>
      </p>
    </div>
  )
}

const FUNNEL: { key: keyof SalesAnalytics['funnel']; label: string }[] = [
  { key: 'visits', label: 'Visitas' },
  { key: 'productViews', label: 'Viram um produto' },
  { key: 'addToCart', label: 'Adicionaram ao carrinho' },
  { key: 'checkoutStarted', label: 'Iniciaram o checkout' },
  { key: 'pixGenerated', label: 'Geraram o PIX' },
  { key: 'paid', label: 'Pagaram' },
]

export function Funnel({ funnel }: { funnel: SalesAnalytics['funnel'] }) {
  const top = Math.max(1, ...Object.values(funnel))
  return (
    <ol className="space-y-2" data-testid="sales-funnel">
      {FUNNEL.map((step) => (
        <li key={step.key}>
          <div className="flex justify-between text-sm">
            <span>{step.label}</span>
            <strong className="text-purple-900">{funnel[step.key].toLocaleString('pt-BR')}</strong>
          </div>
          <div className="h-2 rounded-full bg-purple-50">
            <div
              className="h-2 rounded-full bg-purple-600"
              style={{ width: `${(funnel[step.key] / top) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  )
}

/** A small table: a name and its figures, or a line saying there is nothing yet. */
export function Rows({
  rows,
  empty,
}: {
  rows: { key: string; name: ReactNode; figures: string }[]
  empty: string
}) {
  if (rows.length === 0) return <p className="text-gray-600">{empty}</p>
  return (
    <ul className="divide-y divide-purple-100">
      {rows.map((r) => (
        <li key={r.key} className="flex items-center justify-between gap-2 py-2">
          <span className="min-w-0 break-words">{r.name}</span>
          <span className="shrink-0 text-sm text-gray-700">{r.figures}</span>
        </li>
      ))}
    </ul>
  )
}
