import { useQuery } from '@tanstack/react-query'
import { LoadError, Loading } from '../../../ui/query-state'
import { money } from '../money'
import { clubeFiguresQuery } from './clube-admin.api'

const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'short', timeZone: 'UTC' })
/** "2026-11" → "nov/26": one short line per month on a phone. */
const monthLabel = (month: string) =>
  `${monthName.format(new Date(`${month}-15T12:00:00Z`)).replace('.', '')}/${month.slice(2, 4)}`
const percent = (n: number) => `${n.toLocaleString('pt-BR')}%`

/**
 * The clube's recurring figures: MRR now, paying subscribers, this month's new and cancelled
 * ones with churn, and the last six months (the Clube tab and the sales dashboard).
 */
export function ClubeFiguresGrid() {
  const figures = useQuery(clubeFiguresQuery())
  if (figures.isPending) return <Loading />
  if (figures.error) {
    return <LoadError error={figures.error} onRetry={() => void figures.refetch()} />
  }
  const f = figures.data
  return (
    <div className="space-y-3" data-testid="clube-figures">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Receita recorrente mensal', money(f.mrr)],
          ['Assinantes pagando', String(f.active)],
          ['Novas no mês', String(f.newThisMonth)],
          ['Cancelamentos no mês', `${f.cancelledThisMonth} · ${percent(f.churnPercent)}`],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl bg-purple-50 p-3">
            <dt className="text-xs font-semibold text-purple-700">{label}</dt>
            <dd className="text-lg font-extrabold text-purple-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="clube-months">
          <caption className="sr-only">O clube mês a mês</caption>
          <thead className="text-xs text-gray-600">
            <tr>
              <th scope="col" className="py-1 pr-2">
                Mês
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                Receita mensal
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                Novas
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                Canceladas
              </th>
              <th scope="col" className="py-1 text-right">
                % cancelada
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-purple-50 text-gray-800">
            {f.months.map((m) => (
              <tr key={m.month}>
                <th scope="row" className="py-1 pr-2 font-semibold">
                  {monthLabel(m.month)}
                </th>
                <td className="py-1 pr-2 text-right">{money(m.mrr)}</td>
                <td className="py-1 pr-2 text-right">{m.newSubscriptions}</td>
                <td className="py-1 pr-2 text-right">{m.cancelled}</td>
                <td className="py-1 text-right">{percent(m.churnPercent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-gray-500">
        Receita recorrente mensal: o que as assinaturas pagantes rendem por mês (um plano anual
        conta 1/12 do preço). Cancelamentos no mês: as assinaturas canceladas no mês; a porcentagem
        é sobre as que pagavam no início dele.
      </p>
    </div>
  )
}

/** The sales dashboard's clube section: shown once the clube has had a subscriber. */
export function ClubeOnDashboard() {
  const { data } = useQuery(clubeFiguresQuery())
  const quiet =
    data && data.active === 0 && data.months.every((m) => m.newSubscriptions + m.cancelled === 0)
  if (!data || quiet) return null
  return (
    <section aria-labelledby="clube-no-painel" data-testid="dashboard-clube">
      <h3 id="clube-no-painel" className="mb-2 font-bold text-purple-900">
        Clube: assinaturas
      </h3>
      <ClubeFiguresGrid />
    </section>
  )
}
