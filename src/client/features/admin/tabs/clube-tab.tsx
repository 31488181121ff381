import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import * as clube from '../../../../contracts/api-routes/clube.routes'
import { STATUS_LABELS, type AdminPlan, type PlanInput } from '../../../../contracts/subscriptions'
import { call } from '../../../lib/api'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { Field } from '../../../ui/field'
import { Panel } from '../../../ui/panel'
import { LoadError, Loading } from '../../../ui/query-state'
import { toast } from '../../../ui/toast-store'
import { adminKeys } from '../admin.queries'
import { money, shortDate } from '../money'

const keys = {
  plans: () => [...adminKeys.all, 'clube', 'plans'] as const,
  subs: () => [...adminKeys.all, 'clube', 'subscriptions'] as const,
  figures: () => [...adminKeys.all, 'clube', 'figures'] as const,
}

interface Values {
  name: string
  description: string
  price: string
  interval: 'month' | 'year'
  categories: string
  downloadsPerMaterial: string
}

function grantsText(plan: AdminPlan): string {
  const g = plan.grants
  if ('all' in g) return 'todos os materiais'
  if ('categories' in g) return `categorias: ${g.categories.join(', ')}`
  return `${g.productIds.length} materiais escolhidos`
}

/** A new plan: what it costs and opens (categories by slug, or everything when left empty). */
function PlanForm() {
  const queryClient = useQueryClient()
  const { register, handleSubmit, reset, setError, formState } = useForm<Values>({
    defaultValues: {
      name: '',
      description: '',
      price: '',
      interval: 'month',
      categories: '',
      downloadsPerMaterial: '3',
    },
  })
  const save = useMutation({
    mutationFn: (v: Values) => {
      const categories = v.categories
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean)
      const body: PlanInput = {
        name: v.name,
        description: v.description,
        price: v.price.replace(',', '.'),
        interval: v.interval,
        grants: categories.length ? { categories } : { all: true },
        downloadsPerMaterial: Number(v.downloadsPerMaterial),
        isActive: true,
      }
      return call(clube.createPlan, { body })
    },
    onSuccess: (plan) => {
      toast({ title: 'Plano criado!', description: plan.name, variant: 'success' })
      reset()
      void queryClient.invalidateQueries({ queryKey: keys.plans() })
    },
    onError: (error) => setError('root', { message: error.message }),
  })
  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={handleSubmit((v) => save.mutate(v))}
    >
      <Field label="Nome do plano" {...register('name')} />
      <Field label="Preço por ciclo (R$)" inputMode="decimal" {...register('price')} />
      <Field label="Descrição" className="sm:col-span-2" {...register('description')} />
      <label className="block text-sm font-semibold text-gray-800">
        Ciclo
        <select
          className="mt-1 block h-12 w-full rounded-xl border-2 border-purple-100 bg-white px-3"
          {...register('interval')}
        >
          <option value="month">Mensal</option>
          <option value="year">Anual</option>
        </select>
      </label>
      <Field
        label="Downloads de cada material por ciclo"
        type="number"
        {...register('downloadsPerMaterial')}
      />
      <Field
        label="Categorias (vazio: todos os materiais)"
        hint="slugs separados por vírgula, ex.: alfabetizacao, matematica"
        className="sm:col-span-2"
        {...register('categories')}
      />
      {formState.errors.root ? (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
          {formState.errors.root.message}
        </p>
      ) : null}
      <Button type="submit" disabled={save.isPending} className="sm:col-span-2">
        Criar plano
      </Button>
    </form>
  )
}

/** 'Clube': the plans, the subscribers with their state, and the recurring figures. */
export function ClubeTab() {
  const queryClient = useQueryClient()
  const plans = useQuery({
    queryKey: keys.plans(),
    queryFn: ({ signal }) => call(clube.adminPlans, { signal }),
  })
  const subs = useQuery({
    queryKey: keys.subs(),
    queryFn: ({ signal }) => call(clube.adminSubscriptions, { signal }),
  })
  const figures = useQuery({
    queryKey: keys.figures(),
    queryFn: ({ signal }) => call(clube.clubeFigures, { signal }),
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'clube'] })
  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'cancel' | 'free' }): Promise<unknown> =>
      action === 'cancel'
        ? call(clube.adminCancelSubscription, { params: { id } })
        : call(clube.freePeriod, { params: { id } }),
    onSuccess: () => void refresh(),
    onError: (error) => toast({ title: 'Não deu certo', description: error.message }),
  })

  return (
    <div className="space-y-4">
      <Panel title="Números do clube">
        {figures.data ? (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="clube-figures">
            {[
              ['Receita recorrente (MRR)', money(figures.data.mrr)],
              ['Assinantes pagando', String(figures.data.active)],
              ['Novas no mês', String(figures.data.newThisMonth)],
              [
                'Canceladas no mês',
                `${figures.data.cancelledThisMonth} (churn ${figures.data.churnPercent.toLocaleString('pt-BR')}%)`,
              ],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl bg-purple-50 p-3">
                <dt className="text-xs font-semibold text-purple-700">{label}</dt>
                <dd className="text-lg font-extrabold text-purple-900">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <Loading />
        )}
      </Panel>
      <Panel title="Novo plano">
        <PlanForm />
      </Panel>
      <Panel title="Planos">
        {plans.isPending ? (
          <Loading />
        ) : plans.error ? (
          <LoadError error={plans.error} onRetry={() => void plans.refetch()} />
        ) : plans.data.length === 0 ? (
          <p className="text-gray-600">Nenhum plano ainda.</p>
        ) : (
          <ul className="divide-y divide-purple-100">
            {plans.data.map((p) => (
              <li key={p.id} className="py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-bold text-purple-900">{p.name}</p>
                  <Badge tone={p.isActive ? 'green' : 'gray'}>
                    {p.isActive ? 'Ativo' : 'Inativo'}
                  </Badge>
                </div>
                <p className="text-sm text-gray-700">
                  {money(p.price)} por {p.interval === 'year' ? 'ano' : 'mês'} · {grantsText(p)} ·{' '}
                  {p.materials} materiais · {p.subscribers} assinantes
                </p>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Assinantes">
        {subs.isPending ? (
          <Loading />
        ) : subs.error ? (
          <LoadError error={subs.error} onRetry={() => void subs.refetch()} />
        ) : subs.data.length === 0 ? (
          <p className="text-gray-600">Nenhuma assinatura ainda.</p>
        ) : (
          <ul className="divide-y divide-purple-100" data-testid="clube-subscribers">
            {subs.data.map((s) => (
              <li key={s.id} className="space-y-1 py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-semibold text-gray-900">{s.customerName}</p>
                  <Badge
                    tone={
                      s.status === 'ativa' ? 'green' : s.status === 'em_atraso' ? 'amber' : 'gray'
                    }
                  >
                    {STATUS_LABELS[s.status]}
                  </Badge>
                </div>
                <p className="text-sm break-all text-gray-700">
                  {s.email} · {s.planName} · {money(s.price)} ·{' '}
                  {s.method === 'pix_automatico' ? 'PIX Automático' : 'PIX a cada ciclo'}
                  {s.currentPeriodEnd ? ` · próximo ciclo ${shortDate(s.currentPeriodEnd)}` : ''}
                </p>
                <p className="text-xs text-gray-500">
                  {s.cycles.map((c) => `#${c.cycle} ${money(c.amount)} (${c.status})`).join(' · ')}
                </p>
                {['ativa', 'em_atraso', 'pausada'].includes(s.status) ? (
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={act.isPending}
                      onClick={() => act.mutate({ id: s.id, action: 'cancel' })}
                    >
                      Cancelar
                    </Button>
                    {s.status === 'ativa' ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={act.isPending}
                        onClick={() => act.mutate({ id: s.id, action: 'free' })}
                      >
                        Dar um período grátis
                      </Button>
                    ) : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  )
}
