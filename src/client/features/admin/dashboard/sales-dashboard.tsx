import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import type { SalesAnalytics } from '../../../../contracts/analytics'
import { Button } from '../../../ui/button'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { ClubeOnDashboard } from '../subscriptions/clube-figures'
import { useExportOrdersCsv } from '../admin.mutations'
import { salesQuery } from '../admin.queries'
import { money } from '../money'
import { Funnel, Rows, Stat } from './dashboard-figures'
import { dayMonth, presetPeriod, type Period, type PeriodPreset } from './period'
import { PeriodPicker } from './period-picker'

// uPlot comes with the chart only: neither the store's pages nor the other tabs load it.
const SalesChart = lazy(() => import('./sales-chart'))

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
