import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import type { SalesAnalytics } from '../../../../contracts/analytics'
import { cn } from '../../../lib/cn'
import { Button } from '../../../ui/button'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { ClubeOnDashboard } from '../subscriptions/clube-figures'
import { useExportOrdersCsv } from '../admin.mutations'
import { salesQuery } from '../admin.queries'
import { money } from '../money'
import {
  changeOf,
  dayMonth,
  presetPeriod,
  PRESETS,
  storeToday,
  type Period,
  type PeriodPreset,
} from './period'

// uPlot comes with the chart only: neither the store's pages nor the other tabs load it.
const SalesChart = lazy(() => import('./sales-chart'))

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

function Stat(props: {
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

function PeriodPicker({
  preset,
  period,
  onChange,
}: {
  preset: PeriodPreset
  period: Period
  onChange: (preset: PeriodPreset, period: Period) => void
}) {
  return (
    <div className="space-y-2">
      <div role="group" aria-label="Período" className="flex flex-wrap gap-2">
        {PRESETS.map((p) => (
          <button
            key={p.id}
            type="button"
            aria-pressed={preset === p.id}
            data-testid={`period-${p.id}`}
            onClick={() => onChange(p.id, p.id === 'custom' ? period : presetPeriod(p.id))}
            className={cn(
              'h-10 rounded-full px-4 text-sm font-semibold',
              preset === p.id ? 'bg-purple-700 text-white' : 'bg-purple-50 text-purple-900',
            )}
          >
            {p.label}
          </button>
        ))}
      </div>
      {preset === 'custom' && (
        <div className="flex flex-wrap items-end gap-3">
          {(['from', 'to'] as const).map((end) => (
            <label key={end} className="text-sm">
              <span className="block text-gray-600">{end === 'from' ? 'De' : 'Até'}</span>
              <input
                type="date"
                data-testid={`period-${end}`}
                value={period[end]}
                max={storeToday()}
                onChange={(e) => {
                  const next = { ...period, [end]: e.target.value }
                  if (next.from && next.to && next.from <= next.to) onChange('custom', next)
                }}
                className="h-10 rounded-xl border-2 border-purple-100 px-2 text-base"
              />
            </label>
          ))}
        </div>
      )}
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

function Funnel({ funnel }: { funnel: SalesAnalytics['funnel'] }) {
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
function Rows({
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

const orders = (n: number) => `${n} pedido${n === 1 ? '' : 's'}`

/**
 * The sales dashboard of Visão Geral: a period (with the one before it beside each figure),
 * revenue and orders per day, the funnel, and where the money came from.
 */
export function SalesDashboard() {
  const [preset, setPreset] = useState<PeriodPreset>('30')
  const [period, setPeriod] = useState<Period>(() => presetPeriod('30'))
  const { data, error, isPending, refetch } = useQuery(salesQuery(period.from, period.to))
  const exportCsv = useExportOrdersCsv()

  return (
    <Panel
      title="Vendas"
      actions={
        <Button
          size="sm"
          variant="secondary"
          data-testid="export-csv"
          onClick={() => exportCsv.mutate(period)}
        >
          Exportar CSV
        </Button>
      }
    >
      <div className="space-y-4">
        <PeriodPicker
          preset={preset}
          period={period}
          onChange={(nextPreset, next) => {
            setPreset(nextPreset)
            setPeriod(next)
          }}
        />
        {isPending ? (
          <Loading />
        ) : error ? (
          <LoadError error={error} onRetry={() => void refetch()} />
        ) : (
          <SalesFigures data={data} />
        )}
        <ClubeOnDashboard />
      </div>
    </Panel>
  )
}

function SalesFigures({ data }: { data: SalesAnalytics }) {
  const { totals: t, previous: p } = data
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-600" data-testid="sales-period">
        {dayMonth(data.from)} a {dayMonth(data.to)}, comparado a {dayMonth(data.previousFrom)} a{' '}
        {dayMonth(data.previousTo)}
      </p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat
          label="Receita"
          value={money(t.revenue)}
          now={+t.revenue}
          before={+p.revenue}
          prev={money(p.revenue)}
        />
        <Stat
          label="Pedidos pagos"
          value={String(t.orders)}
          now={t.orders}
          before={p.orders}
          prev={String(p.orders)}
        />
        <Stat
          label="Ticket médio"
          value={money(t.averageTicket)}
          now={+t.averageTicket}
          before={+p.averageTicket}
          prev={money(p.averageTicket)}
        />
        <Stat
          label="Reembolsos"
          value={String(t.refunds)}
          now={t.refunds}
          before={p.refunds}
          prev={String(p.refunds)}
          worse
        />
      </div>
      <section aria-label="Receita e pedidos por dia">
        <Suspense fallback={<div className="h-[220px]" />}>
          <SalesChart series={data.series} />
        </Suspense>
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <section>
          <h3 className="mb-2 font-bold text-purple-900">Funil do período</h3>
          <Funnel funnel={data.funnel} />
        </section>
        <section>
          <h3 className="mb-2 font-bold text-purple-900">Produtos que mais venderam</h3>
          <Rows
            empty="Nenhuma venda no período."
            rows={data.byProduct.map((r) => ({
              key: String(r.productId),
              name: r.name,
              figures: `${orders(r.orders)} · ${money(r.revenue)}`,
            }))}
          />
        </section>
        <section>
          <h3 className="mb-2 font-bold text-purple-900">Origem das vendas</h3>
          <Rows
            empty="Nenhuma venda no período."
            rows={data.bySource.map((r) => ({
              key: `${r.source}|${r.medium}|${r.campaign}`,
              name: [r.source, r.medium, r.campaign].filter(Boolean).join(' / '),
              figures: `${orders(r.orders)} · ${money(r.revenue)}`,
            }))}
          />
        </section>
        <section>
          <h3 className="mb-2 font-bold text-purple-900">Cupons</h3>
          <Rows
            empty="Nenhum cupom usado no período."
            rows={data.byCoupon.map((r) => ({
              key: r.code,
              name: r.code,
              figures: `${orders(r.orders)} · ${money(r.revenue)} (−${money(r.discount)})`,
            }))}
          />
          <h3 className="mt-4 mb-2 font-bold text-purple-900">Ofertas no checkout</h3>
          <Rows
            empty="Nenhuma oferta aceita no período."
            rows={data.byBump.map((r) => ({
              key: String(r.productId),
              name: r.name,
              figures: `${r.taken}× · ${money(r.revenue)}`,
            }))}
          />
        </section>
        <section>
          <h3 className="mb-2 font-bold text-purple-900">Mais favoritados</h3>
          <Rows
            empty="Nenhum material nos favoritos de uma conta ainda."
            rows={data.mostFavorited.map((r) => ({
              key: String(r.productId),
              name: r.name,
              figures: `♥ ${r.favoritedBy}${r.sincePeriodStart ? ` (+${r.sincePeriodStart} no período)` : ''}`,
            }))}
          />
        </section>
      </div>
    </div>
  )
}
