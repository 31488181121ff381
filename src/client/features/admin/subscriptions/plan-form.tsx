import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { CATEGORIES } from '../../../../contracts/categories'
import type { AdminPlan, PlanGrants, PlanInput } from '../../../../contracts/subscriptions'
import { Button } from '../../../ui/button'
import { Field } from '../../../ui/field'
import { lightProductsQuery } from '../admin.queries'
import { money } from '../money'
import { useSavePlan } from './clube-admin.api'

type GrantMode = 'all' | 'categories' | 'products'

interface Values {
  name: string
  description: string
  price: string
  interval: 'month' | 'year'
  mode: GrantMode
  categories: string[]
  productIds: string[]
  downloadsPerMaterial: string
  isActive: boolean
}

const selectClass = 'mt-1 block h-12 w-full rounded-xl border-2 border-purple-100 bg-white px-3'

function valuesOf(plan: AdminPlan | null): Values {
  const g = plan?.grants
  return {
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    price: plan ? plan.price.replace('.', ',') : '',
    interval: plan?.interval ?? 'month',
    mode: !g || 'all' in g ? 'all' : 'categories' in g ? 'categories' : 'products',
    categories: g && 'categories' in g ? g.categories : [],
    productIds: g && 'productIds' in g ? g.productIds.map(String) : [],
    downloadsPerMaterial: String(plan?.downloadsPerMaterial ?? 3),
    isActive: plan?.isActive ?? true,
  }
}

function grantsOf(v: Values): PlanGrants {
  if (v.mode === 'categories') return { categories: v.categories }
  if (v.mode === 'products') return { productIds: v.productIds.map(Number) }
  return { all: true }
}

/**
 * A new plan, or one being edited: name, price per cycle, what it opens (everything, some
 * categories, or chosen materials), downloads per period, whether it is on sale, and its cover.
 */
export function PlanForm({ plan, onDone }: { plan: AdminPlan | null; onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null)
  const [removeImage, setRemoveImage] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const { register, handleSubmit, control, setError, formState } = useForm<Values>({
    defaultValues: valuesOf(plan),
  })
  const mode = useWatch({ control, name: 'mode' })
  const price = useWatch({ control, name: 'price' })
  const products = useQuery({ ...lightProductsQuery(), enabled: mode === 'products' })
  const prefix = plan ? `plano-${plan.id}` : 'plano-novo'
  const priceChanged =
    plan !== null && price.replace(',', '.').trim() !== plan.price && price.trim() !== ''

  const save = useSavePlan(plan, onDone, (error) => setError('root', { message: error.message }))
  const bodyOf = (v: Values): PlanInput => ({
    name: v.name,
    description: v.description,
    price: v.price.replace(',', '.'),
    interval: v.interval,
    grants: grantsOf(v),
    downloadsPerMaterial: Number(v.downloadsPerMaterial),
    isActive: v.isActive,
    imageUrl: removeImage ? null : (plan?.imageUrl ?? null),
  })

  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={handleSubmit((v) => save.mutate({ body: bodyOf(v), file }))}
      data-testid="plan-form"
    >
      <Field id={`${prefix}-nome`} label="Nome do plano" {...register('name')} />
      <Field
        id={`${prefix}-preco`}
        label="Preço por ciclo (R$)"
        inputMode="decimal"
        {...register('price')}
      />
      {priceChanged ? (
        <p
          className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2"
          data-testid="plan-price-notice"
        >
          Quem já assina recebe um e-mail agora avisando do novo valor, que vale só a partir de um
          ciclo cobrado pelo menos 7 dias depois do aviso. Até lá cada assinante paga{' '}
          {money(plan.price)}.
        </p>
      ) : null}
      {/* Several lines: /clube shows them as typed. */}
      <label className="block text-sm font-semibold text-gray-800 sm:col-span-2">
        Descrição
        <textarea
          id={`${prefix}-descricao`}
          rows={4}
          maxLength={2000}
          className="mt-1 block w-full rounded-xl border-2 border-purple-100 bg-white p-3 text-base font-normal text-gray-900 focus:border-purple-500 focus:outline-none"
          {...register('description')}
        />
      </label>
      <label className="block text-sm font-semibold text-gray-800">
        Ciclo
        <select className={selectClass} {...register('interval')}>
          <option value="month">Mensal</option>
          <option value="year">Anual</option>
        </select>
      </label>
      <Field
        id={`${prefix}-downloads`}
        label="Downloads de cada material por ciclo"
        type="number"
        min={1}
        {...register('downloadsPerMaterial')}
      />
      <label className="block text-sm font-semibold text-gray-800 sm:col-span-2">
        O plano libera
        <select className={selectClass} {...register('mode')} data-testid="plan-grant-mode">
          <option value="all">Todos os materiais pagos</option>
          <option value="categories">Algumas categorias</option>
          <option value="products">Materiais escolhidos</option>
        </select>
      </label>
      {mode === 'categories' ? (
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-semibold text-gray-800">Categorias</legend>
          <div className="mt-1 grid max-h-56 gap-1 overflow-y-auto rounded-xl border-2 border-purple-100 p-2 sm:grid-cols-2">
            {CATEGORIES.map((c) => (
              <label key={c.slug} className="flex items-center gap-2 text-sm text-gray-800">
                <input
                  type="checkbox"
                  className="h-5 w-5"
                  value={c.slug}
                  {...register('categories')}
                />
                {c.emoji} {c.label}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {mode === 'products' ? (
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-semibold text-gray-800">Materiais</legend>
          <div className="mt-1 max-h-56 space-y-1 overflow-y-auto rounded-xl border-2 border-purple-100 p-2">
            {products.isPending ? (
              <p className="text-sm text-gray-600">Carregando materiais…</p>
            ) : products.error ? (
              <p className="text-sm text-red-700">{products.error.message}</p>
            ) : (
              products.data.map((p) => (
                <label key={p.id} className="flex items-center gap-2 text-sm text-gray-800">
                  <input
                    type="checkbox"
                    className="h-5 w-5"
                    value={String(p.id)}
                    {...register('productIds')}
                  />
                  {p.name}
                </label>
              ))
            )}
          </div>
          <p className="mt-1 text-xs text-gray-500">
            Kits e materiais gratuitos não entram no clube.
          </p>
        </fieldset>
      ) : null}
      <div className="space-y-2 sm:col-span-2">
        <p id={`${prefix}-imagem-titulo`} className="text-sm font-semibold text-gray-800">
          Imagem do plano (aparece em /clube)
        </p>
        {plan?.imageUrl && !removeImage && !file ? (
          <img src={plan.imageUrl} alt="" className="h-20 w-32 rounded-lg object-cover" />
        ) : null}
        {file ? (
          <p className="text-sm break-all text-gray-700" data-testid="plan-image-chosen">
            Nova imagem: {file.name} (enviada ao salvar)
          </p>
        ) : removeImage ? (
          <p className="text-sm text-gray-700">A imagem sai ao salvar.</p>
        ) : null}
        <input
          ref={fileInput}
          id={`${prefix}-imagem`}
          aria-labelledby={`${prefix}-imagem-titulo`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          className="sr-only"
          data-testid="plan-image"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null)
            e.target.value = ''
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => fileInput.current?.click()}>
            {plan?.imageUrl || file ? 'Trocar imagem' : 'Escolher imagem'}
          </Button>
          {(plan?.imageUrl && !removeImage) || file ? (
            <Button
              size="sm"
              variant="ghost"
              // A file just chosen is dropped; otherwise the current cover goes on saving.
              onClick={() => (file ? setFile(null) : setRemoveImage(true))}
            >
              Remover imagem
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-gray-500">JPEG, PNG, WebP ou GIF, até 8 MB.</p>
      </div>
      <label className="flex items-center gap-2 text-sm font-semibold text-gray-800 sm:col-span-2">
        <input type="checkbox" className="h-5 w-5" {...register('isActive')} />
        Plano à venda (aparece em /clube)
      </label>
      {formState.errors.root ? (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
          {formState.errors.root.message}
        </p>
      ) : null}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={save.isPending} className="flex-1">
          {save.isPending ? 'Salvando…' : plan ? 'Salvar plano' : 'Criar plano'}
        </Button>
        {plan ? (
          <Button variant="secondary" onClick={onDone}>
            Cancelar
          </Button>
        ) : null}
      </div>
    </form>
  )
}
