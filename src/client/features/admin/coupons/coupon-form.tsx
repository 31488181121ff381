import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import type { ChangeEvent } from 'react'
import { useForm, useWatch, type Path, type Resolver } from 'react-hook-form'
import { z } from 'zod'
import { CouponInput, type AdminCoupon, type CouponType } from '../../../../contracts/coupons'
import { showServerFieldError } from '../../../lib/server-field-error'
import { Button } from '../../../ui/button'
import { Field } from '../../../ui/field'
import { Spinner } from '../../../ui/spinner'
import { lightProductsQuery } from '../admin.queries'
import { useSaveCoupon } from './coupons.api'

interface Values {
  code: string
  type: CouponType
  value: string
  minAmount: string
  startsAt: string
  endsAt: string
  maxUses: string
  maxUsesPerEmail: string
  productIds: number[]
  isActive: boolean
  announceToFavorites: boolean
}

const EMPTY: Values = {
  code: '',
  type: 'percent',
  value: '',
  minAmount: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  maxUsesPerEmail: '',
  productIds: [],
  isActive: true,
  announceToFavorites: false,
}

/** An ISO instant as a datetime-local value in the browser's time zone, and back. */
function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const d = new Date(iso)
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000)
  return local.toISOString().slice(0, 16)
}
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null)
const count = (value: string) => (value.trim() ? Number(value) : null)

/** What the API takes from what the form holds (text boxes, local dates). */
function inputOf(values: Values): CouponInput {
  return {
    code: values.code,
    type: values.type,
    value: values.value,
    minAmount: values.minAmount.trim() || null,
    startsAt: fromLocalInput(values.startsAt),
    endsAt: fromLocalInput(values.endsAt),
    maxUses: count(values.maxUses),
    maxUsesPerEmail: count(values.maxUsesPerEmail),
    productIds: values.productIds,
    isActive: values.isActive,
    announceToFavorites: values.announceToFavorites,
  }
}

// The contract's own rules over the form: each message lands under the field it names, which
// has the same name in the form and in the API's body.
const couponFormSchema = z.custom<Values>().transform(inputOf).pipe(CouponInput)
const resolver = zodResolver(couponFormSchema, undefined, { raw: true }) as Resolver<Values>
const FIELDS = Object.keys(EMPTY) as Path<Values>[]

function valuesOf(coupon: AdminCoupon): Values {
  return {
    code: coupon.code,
    type: coupon.type,
    value: coupon.type === 'fixed' ? coupon.value.replace('.', ',') : coupon.value,
    minAmount: coupon.minAmount?.replace('.', ',') ?? '',
    startsAt: toLocalInput(coupon.startsAt),
    endsAt: toLocalInput(coupon.endsAt),
    maxUses: coupon.maxUses?.toString() ?? '',
    maxUsesPerEmail: coupon.maxUsesPerEmail?.toString() ?? '',
    productIds: coupon.productIds,
    isActive: coupon.isActive,
    announceToFavorites: coupon.announceToFavorites,
  }
}

/** New coupon, or the one being edited; the server checks every rule again and says what is wrong. */
export function CouponForm({
  editing,
  onDone,
}: {
  editing: AdminCoupon | null
  onDone: () => void
}) {
  const { register, handleSubmit, control, reset, setValue, setError, formState } = useForm<Values>(
    { defaultValues: editing ? valuesOf(editing) : EMPTY, resolver },
  )
  const errors = formState.errors
  const [type, productIds] = useWatch({ control, name: ['type', 'productIds'] })
  const products = useQuery(lightProductsQuery())
  const save = useSaveCoupon(
    () => {
      reset(EMPTY)
      onDone()
    },
    (error) => showServerFieldError(error, FIELDS, setError),
  )

  const toggleProduct = (id: number) =>
    setValue(
      'productIds',
      productIds.includes(id) ? productIds.filter((p) => p !== id) : [...productIds, id],
    )
  const code = register('code')
  const digits = (name: 'maxUses' | 'maxUsesPerEmail') => {
    const field = register(name)
    return {
      ...field,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        e.target.value = e.target.value.replace(/\D/g, '')
        return field.onChange(e)
      },
    }
  }

  return (
    <form
      onSubmit={handleSubmit((values) => save.mutate({ id: editing?.id, input: inputOf(values) }))}
      noValidate
      className="space-y-4"
      aria-label="Cupom"
      data-testid="coupon-form"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          {...code}
          onChange={(e) => {
            e.target.value = e.target.value.toUpperCase()
            return code.onChange(e)
          }}
          label="Código"
          required
          autoCapitalize="characters"
          hint="Letras, números, hífen ou sublinhado; maiúsculas e minúsculas valem igual."
          error={errors.code?.message}
        />
        <fieldset>
          <legend className="block text-sm font-semibold text-gray-800">Tipo de desconto</legend>
          <div className="mt-2 flex gap-4">
            {(['percent', 'fixed'] as const).map((option) => (
              <label key={option} className="flex items-center gap-2 text-base">
                <input
                  type="radio"
                  value={option}
                  {...register('type')}
                  className="size-5 accent-purple-600"
                />
                {option === 'percent' ? 'Percentual (%)' : 'Valor fixo (R$)'}
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          {...register('value')}
          label={type === 'percent' ? 'Desconto (%)' : 'Desconto (R$)'}
          required
          inputMode="decimal"
          placeholder={type === 'percent' ? '10' : '5,00'}
          error={errors.value?.message}
        />
        <Field
          {...register('minAmount')}
          label="Pedido mínimo (R$, opcional)"
          inputMode="decimal"
          error={errors.minAmount?.message}
        />
        <Field
          {...register('startsAt')}
          label="Começa em (opcional)"
          type="datetime-local"
          error={errors.startsAt?.message}
        />
        <Field
          {...register('endsAt')}
          label="Termina em (opcional)"
          type="datetime-local"
          error={errors.endsAt?.message}
        />
        <Field
          {...digits('maxUses')}
          label="Limite de usos (opcional)"
          inputMode="numeric"
          error={errors.maxUses?.message}
        />
        <Field
          {...digits('maxUsesPerEmail')}
          label="Usos por e-mail (opcional)"
          inputMode="numeric"
          error={errors.maxUsesPerEmail?.message}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-gray-800">
          Vale para (nenhum marcado: todos os produtos)
        </legend>
        <div className="mt-2 max-h-48 space-y-1 overflow-y-auto rounded-xl border border-purple-100 p-2">
          {products.isPending ? (
            <Spinner />
          ) : (
            (products.data ?? []).map((p) => (
              <label key={p.id} className="flex items-center gap-2 py-1 text-sm">
                <input
                  type="checkbox"
                  className="size-5 accent-purple-600"
                  checked={productIds.includes(p.id)}
                  onChange={() => toggleProduct(p.id)}
                />
                {p.name}
              </label>
            ))
          )}
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-base">
        <input type="checkbox" className="size-5 accent-purple-600" {...register('isActive')} />
        Ativo
      </label>
      <label className="flex items-start gap-2 text-base">
        <input
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-purple-600"
          {...register('announceToFavorites')}
          aria-describedby="coupon-announce-hint"
        />
        <span>
          Avisar quem favoritou
          <span id="coupon-announce-hint" className="block text-sm text-gray-600">
            A loja envia o código por e-mail, uma vez, a quem guardou nos favoritos um produto que o
            cupom cobre e aceitou receber novidades. Deixe desmarcado para um cupom que não é para
            todos.
          </span>
        </span>
      </label>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending} data-testid="coupon-save">
          {save.isPending ? (
            <Spinner label="Salvando..." />
          ) : editing ? (
            'Salvar cupom'
          ) : (
            'Criar cupom'
          )}
        </Button>
        {editing ? (
          <Button variant="ghost" onClick={onDone}>
            Cancelar edição
          </Button>
        ) : null}
      </div>
    </form>
  )
}
