import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { AdminCoupon, CouponInput, CouponType } from '../../../../contracts/coupons'
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
  }
}

/** New coupon, or the one being edited; the server checks every rule and says what is wrong. */
export function CouponForm({
  editing,
  onDone,
}: {
  editing: AdminCoupon | null
  onDone: () => void
}) {
  const [values, setValues] = useState<Values>(() => (editing ? valuesOf(editing) : EMPTY))
  const products = useQuery(lightProductsQuery())
  const save = useSaveCoupon(() => {
    setValues(EMPTY)
    onDone()
  })
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }))

  function submit(event: FormEvent) {
    event.preventDefault()
    const input: CouponInput = {
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
    }
    save.mutate({ id: editing?.id, input })
  }

  const toggleProduct = (id: number) =>
    set({
      productIds: values.productIds.includes(id)
        ? values.productIds.filter((p) => p !== id)
        : [...values.productIds, id],
    })

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Cupom" data-testid="coupon-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          name="code"
          label="Código"
          required
          value={values.code}
          autoCapitalize="characters"
          hint="Letras, números, hífen ou sublinhado; maiúsculas e minúsculas valem igual."
          onChange={(e) => set({ code: e.target.value.toUpperCase() })}
        />
        <fieldset>
          <legend className="block text-sm font-semibold text-gray-800">Tipo de desconto</legend>
          <div className="mt-2 flex gap-4">
            {(['percent', 'fixed'] as const).map((type) => (
              <label key={type} className="flex items-center gap-2 text-base">
                <input
                  type="radio"
                  name="type"
                  className="size-5 accent-purple-600"
                  checked={values.type === type}
                  onChange={() => set({ type })}
                />
                {type === 'percent' ? 'Percentual (%)' : 'Valor fixo (R$)'}
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          name="value"
          label={values.type === 'percent' ? 'Desconto (%)' : 'Desconto (R$)'}
          required
          inputMode="decimal"
          value={values.value}
          placeholder={values.type === 'percent' ? '10' : '5,00'}
          onChange={(e) => set({ value: e.target.value })}
        />
        <Field
          name="minAmount"
          label="Pedido mínimo (R$, opcional)"
          inputMode="decimal"
          value={values.minAmount}
          onChange={(e) => set({ minAmount: e.target.value })}
        />
        <Field
          name="startsAt"
          label="Começa em (opcional)"
          type="datetime-local"
          value={values.startsAt}
          onChange={(e) => set({ startsAt: e.target.value })}
        />
        <Field
          name="endsAt"
          label="Termina em (opcional)"
          type="datetime-local"
          value={values.endsAt}
          onChange={(e) => set({ endsAt: e.target.value })}
        />
        <Field
          name="maxUses"
          label="Limite de usos (opcional)"
          inputMode="numeric"
          value={values.maxUses}
          onChange={(e) => set({ maxUses: e.target.value.replace(/\D/g, '') })}
        />
        <Field
          name="maxUsesPerEmail"
          label="Usos por e-mail (opcional)"
          inputMode="numeric"
          value={values.maxUsesPerEmail}
          onChange={(e) => set({ maxUsesPerEmail: e.target.value.replace(/\D/g, '') })}
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
                  checked={values.productIds.includes(p.id)}
                  onChange={() => toggleProduct(p.id)}
                />
                {p.name}
              </label>
            ))
          )}
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-base">
        <input
          type="checkbox"
          className="size-5 accent-purple-600"
          checked={values.isActive}
          onChange={(e) => set({ isActive: e.target.checked })}
        />
        Ativo
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
