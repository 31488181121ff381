import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { categoryOf } from '../../../../contracts/categories'
import { buttonClasses } from '../../../ui/button'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { analyticsQuery } from '../admin.queries'
import { HealthPanel } from '../health-panel'
import { pendingReviewsQuery } from '../moderation/reviews.api'
import { money, shortDate } from '../money'
import { SalesDashboard } from '../dashboard/sales-dashboard'
import { DemoBadge, OrderStatusBadge } from '../order-badge'
import { OverdueContactRequests } from './contact-requests-tab'

const RECENT_ORDERS = 5

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-2xl bg-purple-50 p-4">
      <p className="text-sm text-gray-600">{label}</p>
      <p className="mt-1 text-2xl font-extrabold break-all text-purple-900">{value}</p>
    </div>
  )
}

/** What waits for the owner: a count, what to do, and the tab where she does it. */
function Waiting({
  testId,
  label,
  count,
  tab,
  linkLabel,
  children,
}: {
  testId: string
  label: string
  count: number
  tab: string
  linkLabel: string
  children: ReactNode
}) {
  return (
    <div
      data-testid={testId}
      className={
        count > 0
          ? 'rounded-2xl border-2 border-amber-300 bg-amber-50 p-4'
          : 'rounded-2xl bg-purple-50 p-4'
      }
    >
      <p className="font-bold text-purple-900">
        {label}: <span className="text-2xl">{count}</span>
      </p>
      <p className="mt-1 text-sm text-gray-700">{children}</p>
      {count > 0 && (
        <Link href={`/admin?aba=${tab}`} className={buttonClasses('secondary', 'sm', 'mt-2')}>
          {linkLabel}
        </Link>
      )}
    </div>
  )
}

/** Reviews waiting for the owner's approval, with the way to them (nothing while none waits). */
function PendingReviews() {
  const { data } = useQuery(pendingReviewsQuery())
  if (!data || data.count === 0) return null
  return (
    <Waiting
      testId="pending-reviews"
      label="Avaliações aguardando aprovação"
      count={data.count}
      tab="reviews"
      linkLabel="Ver avaliações"
    >
      Só aparecem na loja as avaliações que você aprovar.
    </Waiting>
  )
}

/**
 * Visão Geral: what waits for the owner and the store's health first, then the sales of a
 * period (dashboard), the store's totals (revenue counts paid orders only), the last orders,
 * each category.
 */
export function OverviewTab() {
  const { data, error, isPending, refetch } = useQuery(analyticsQuery())
  if (isPending) return <Loading />
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />
  const { totals, awaitingConfirmation, refundsToSend, recentOrders = [], productStats = [] } = data

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <Waiting
          testId="awaiting-confirmation"
          label="Pagamentos a confirmar"
          count={awaitingConfirmation}
          tab="orders"
          linkLabel="Ver pedidos"
        >
          Clientes que tocaram em &lsquo;Já paguei&rsquo;: confira o valor no app do banco e toque
          em &lsquo;Confirmar pagamento&rsquo; na aba Pedidos para liberar os materiais.
        </Waiting>
        <Waiting
          testId="refunds-to-send"
          label="Reembolsos a enviar"
          count={refundsToSend}
          tab="refunds"
          linkLabel="Ver reembolsos"
        >
          Reembolsos de pedidos pagos na sua chave PIX: devolva o valor pelo app do banco e marque
          como enviado.
        </Waiting>
      </div>

      <PendingReviews />
      <OverdueContactRequests />
      <HealthPanel />

      <SalesDashboard />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Usuários" value={totals.users} />
        <Stat label="Produtos" value={totals.products} />
        <Stat label="Pedidos" value={totals.orders} />
        <Stat label="Receita" value={money(totals.revenue)} />
      </div>

      <Panel title="Pedidos recentes">
        {recentOrders.length === 0 ? (
          <p className="text-gray-600">Nenhum pedido ainda.</p>
        ) : (
          <ul className="divide-y divide-purple-100">
            {recentOrders.slice(0, RECENT_ORDERS).map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <p className="truncate font-semibold">{order.customerName || 'Cliente'}</p>
                  <p className="truncate text-sm text-gray-500">
                    {order.customerEmail} · {shortDate(order.createdAt)}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <span className="font-bold text-purple-900">{money(order.totalAmount)}</span>
                  <DemoBadge order={order} />
                  <OrderStatusBadge order={order} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel title="Por categoria">
        {productStats.length === 0 ? (
          <p className="text-gray-600">Sem dados ainda.</p>
        ) : (
          <ul className="divide-y divide-purple-100">
            {productStats.map((stat) => {
              const category = categoryOf(stat.category)
              return (
                <li key={stat.category} className="flex items-center justify-between gap-2 py-2">
                  <span className="min-w-0 truncate">
                    <span aria-hidden="true">{category.emoji}</span> {category.label}
                  </span>
                  <span className="shrink-0 text-sm text-gray-600">
                    {stat.count} produto{stat.count === 1 ? '' : 's'} ·{' '}
                    <strong className="text-purple-900">{money(stat.revenue)}</strong>
                  </span>
                </li>
              )
            })}
          </ul>
        )}
      </Panel>
    </div>
  )
}
