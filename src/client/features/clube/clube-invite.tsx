import { Link } from 'wouter'
import { formatDecimalBRL as money } from '../../../contracts/money'
import { clubeTitle } from '../../../contracts/clube-title'
import { usePlansOnSale } from './clube.api'

/** The home page's way to the clube, while a plan is on sale: its name, price and size. */
export function ClubeInvite() {
  const plans = usePlansOnSale()
  const [first] = plans
  if (!first) return null
  const cheapest = plans.reduce((a, b) => (Number(b.monthlyPrice) < Number(a.monthlyPrice) ? b : a))
  const title = plans.length === 1 ? clubeTitle(first.name) : 'Clube de materiais'
  const most = Math.max(...plans.map((p) => p.materialsCount))
  return (
    <section aria-labelledby="clube-convite" className="mx-auto max-w-6xl px-4 pt-6">
      <Link
        href="/clube"
        data-testid="home-clube"
        className="flex items-center gap-4 rounded-3xl bg-purple-50 p-4 ring-1 ring-purple-200 hover:bg-purple-100 focus-visible:outline-3 focus-visible:outline-purple-500"
      >
        <span aria-hidden="true" className="text-4xl">
          🎟️
        </span>
        <span className="min-w-0">
          <span id="clube-convite" className="block text-lg font-extrabold text-purple-900">
            {title}
          </span>
          <span className="block text-sm text-gray-700">
            {plans.length === 1 ? '' : 'A partir de '}
            {money(cheapest.monthlyPrice)}/mês · {most} {most === 1 ? 'material' : 'materiais'} para
            baixar enquanto a assinatura estiver ativa
          </span>
          <span className="mt-1 block text-sm font-bold text-purple-700 underline">
            Conhecer o clube
          </span>
        </span>
      </Link>
    </section>
  )
}
