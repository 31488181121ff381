import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatDecimalBRL as money } from '../../contracts/money'
import { plansQuery } from '../features/clube/clube.api'
import { MySubscriptions } from '../features/account/my-subscriptions'
import { SubscribeForm } from '../features/clube/subscribe-form'
import { Badge } from '../ui/badge'
import { Button } from '../ui/button'
import { LoadError, PageLoading } from '../ui/query-state'

/** /clube: the active plans, what each opens, the price per month, and subscribing. */
export default function ClubePage() {
  const { data, error, isPending, refetch } = useQuery(plansQuery())
  const [chosen, setChosen] = useState<number | null>(null)
  if (isPending) return <PageLoading />
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-extrabold text-purple-900">Clube de materiais</h1>
        <p className="text-gray-700">
          Assine e baixe os materiais do plano enquanto a assinatura estiver ativa; os que entrarem
          no plano ficam disponíveis para você assim que chegam. Pague por PIX e cancele quando
          quiser.
        </p>
      </header>
      <MySubscriptions />
      {data.length === 0 ? (
        <p className="text-gray-600">Nenhum clube aberto no momento.</p>
      ) : (
        data.map((plan) => (
          <article
            key={plan.id}
            className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-purple-100"
            data-testid="clube-plan"
          >
            {plan.imageUrl ? (
              <img
                src={plan.imageUrl}
                alt=""
                className="aspect-[16/9] w-full rounded-xl object-cover"
                data-testid="clube-plan-image"
              />
            ) : null}
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-2xl font-extrabold text-purple-900">{plan.name}</h2>
              <p className="text-lg font-bold text-pink-600">
                {money(plan.monthlyPrice)}
                <span className="text-sm font-medium text-gray-600">/mês</span>
              </p>
            </div>
            {plan.interval === 'year' ? (
              <p className="text-sm text-gray-600">{money(plan.price)} por ano</p>
            ) : null}
            {plan.description ? (
              <p className="whitespace-pre-line text-gray-700">{plan.description}</p>
            ) : null}
            <p className="font-semibold text-gray-800">
              {plan.materialsCount} {plan.materialsCount === 1 ? 'material' : 'materiais'}
              {plan.newCount > 0
                ? ` · ${plan.newCount} ${plan.newCount === 1 ? 'novo' : 'novos'} nos últimos 30 dias`
                : ''}{' '}
              · {plan.downloadsPerMaterial} downloads de cada por período
            </p>
            <ul className="grid grid-cols-3 gap-2">
              {plan.sample.map((m) => (
                <li key={m.id} className="relative">
                  <a href={`/produto/${m.id}`}>
                    <img
                      src={m.imageUrl}
                      alt={m.name}
                      loading="lazy"
                      className="aspect-square w-full rounded-xl object-cover"
                    />
                  </a>
                  {m.isNew ? (
                    <span className="absolute top-1 left-1">
                      <Badge tone="green">Novo</Badge>
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
            {chosen === plan.id ? (
              <SubscribeForm plan={plan} onDone={() => setChosen(null)} />
            ) : (
              <Button
                className="w-full"
                onClick={() => setChosen(plan.id)}
                data-testid="clube-subscribe"
              >
                Assinar por {money(plan.price)}/{plan.interval === 'year' ? 'ano' : 'mês'}
              </Button>
            )}
          </article>
        ))
      )}
    </div>
  )
}
