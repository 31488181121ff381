import { useState, type FormEvent } from 'react'
import type { CartItem } from '../../../contracts/cart'
import { EMPTY_CART_MESSAGE } from '../../../contracts/checkout'
import { Button } from '../../ui/button'
import { Loading } from '../../ui/query-state'
import { Spinner } from '../../ui/spinner'
import { toast } from '../../ui/toast-store'
import { useCurrentUser } from '../auth/auth.queries'
import { useCouponCode } from '../cart/coupon'
import { checkoutLines, useChosenBumps } from './order-bumps'
import { EMPTY_CART_HINT } from './empty-cart'
import { GuestFields } from './guest-fields'
import {
  EMPTY_GUEST_FORM,
  GUEST_FIELD_ORDER,
  validateGuest,
  type GuestField,
  type GuestFormValues,
} from './guest-validation'
import { PaymentMethod, TermsCheckbox } from './payment-options'
import { usePlaceOrder } from './use-place-order'

/** Customer data (guests only), PIX, terms and the finalize button of /checkout. */
export function CheckoutForm({ items }: { items: CartItem[] }) {
  const { user, isLoading: userLoading } = useCurrentUser()
  const [values, setValues] = useState<GuestFormValues>(EMPTY_GUEST_FORM)
  const [errors, setErrors] = useState<Partial<Record<GuestField, string>>>({})
  const placeOrder = usePlaceOrder()
  const couponCode = useCouponCode() || undefined
  const bumps = useChosenBumps()
  const guest = !user

  const update = (patch: Partial<GuestFormValues>) => {
    setValues((v) => ({ ...v, ...patch }))
    setErrors((e) => {
      const next = { ...e }
      for (const key of Object.keys(patch)) delete next[key as GuestField]
      return next
    })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (placeOrder.isPending) return
    if (items.length === 0) {
      toast({ title: EMPTY_CART_MESSAGE, description: EMPTY_CART_HINT, variant: 'destructive' })
      return
    }
    if (!guest) {
      placeOrder.mutate({ items, lines: checkoutLines(items, bumps), couponCode })
      return
    }
    const result = validateGuest(values)
    if (!result.ok) {
      setErrors(result.errors)
      toast({ title: result.title, description: result.summary, variant: 'destructive' })
      const first = GUEST_FIELD_ORDER.find((f) => result.errors[f])
      document.getElementById(`checkout-${first}`)?.focus()
      return
    }
    setErrors({})
    placeOrder.mutate({
      items,
      lines: checkoutLines(items, bumps),
      customerData: result.data,
      couponCode,
    })
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label="Dados do pedido">
      {userLoading ? (
        <Loading className="py-8" />
      ) : guest ? (
        <GuestFields values={values} errors={errors} onChange={update} />
      ) : (
        <p className="rounded-2xl bg-purple-50 p-4 text-sm text-purple-900">
          Comprando como <strong>{user.firstName || user.email}</strong>. Os materiais ficam no seu
          painel assim que o pagamento for confirmado, e o recibo chega em {user.email}.
        </p>
      )}
      <PaymentMethod />
      <TermsCheckbox
        checked={values.acceptTerms}
        error={errors.acceptTerms}
        onChange={(acceptTerms) => update({ acceptTerms })}
      />
      <div>
        <Button
          type="submit"
          size="lg"
          data-testid="checkout-submit"
          className="w-full"
          disabled={placeOrder.isPending || userLoading || (guest && !values.acceptTerms)}
        >
          {placeOrder.isPending ? (
            <Spinner label="Gerando seu PIX..." />
          ) : (
            <>
              <span aria-hidden="true">⚡</span> Finalizar Pedido com PIX
            </>
          )}
        </Button>
        {placeOrder.isPending ? (
          <p role="status" className="mt-2 text-center text-sm font-medium text-amber-800">
            Não feche nem saia desta página enquanto o PIX é gerado.
          </p>
        ) : guest && !values.acceptTerms ? (
          <p className="mt-2 text-center text-xs text-gray-500">
            Aceite os termos e condições para finalizar.
          </p>
        ) : null}
      </div>
    </form>
  )
}
