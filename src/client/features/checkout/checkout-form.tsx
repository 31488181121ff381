import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { CartItem } from '../../../contracts/cart'
import { EMPTY_CART_MESSAGE } from '../../../contracts/checkout'
import { TAX_ID_REQUIRED_MESSAGE, TaxIdField } from '../../../contracts/tax-id'
import { Button } from '../../ui/button'
import { Loading } from '../../ui/query-state'
import { Spinner } from '../../ui/spinner'
import { toast } from '../../ui/toast-store'
import { useCurrentUser } from '../auth/auth.queries'
import { useCouponCode } from '../cart/coupon'
import { paymentMethodsQuery } from './checkout.api'
import { useCheckoutTotal } from './checkout-total'
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
  const { totalCents } = useCheckoutTotal(items)
  // Asked only while the store's PIX provider needs the payer's document (Asaas), and only
  // when there is something to pay: a free order charges nobody (checkout.service.ts).
  const askTaxId = useQuery(paymentMethodsQuery()).data?.taxIdRequired === true && totalCents > 0
  const [taxId, setTaxId] = useState('')
  const [taxIdError, setTaxIdError] = useState<string | undefined>()

  /** The contract's rule (check digits), as the server applies it; null when fine. */
  const checkTaxId = (): string | null => {
    if (!askTaxId) return null
    const parsed = TaxIdField.safeParse(taxId)
    if (!parsed.success) return parsed.error.issues[0]?.message ?? TAX_ID_REQUIRED_MESSAGE
    return parsed.data ? null : TAX_ID_REQUIRED_MESSAGE
  }

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
    const taxIdProblem = checkTaxId()
    setTaxIdError(taxIdProblem ?? undefined)
    const payer = askTaxId && !taxIdProblem ? { taxId } : {}
    const result = guest ? validateGuest(values) : null
    if (result && !result.ok) {
      setErrors(result.errors)
      toast({ title: result.title, description: result.summary, variant: 'destructive' })
      const first = GUEST_FIELD_ORDER.find((f) => result.errors[f])
      document.getElementById(`checkout-${first}`)?.focus()
      return
    }
    if (taxIdProblem) {
      toast({
        title: taxIdProblem,
        description: 'Confira o CPF (ou CNPJ) de quem paga o PIX.',
        variant: 'destructive',
      })
      document.getElementById('checkout-taxId')?.focus()
      return
    }
    setErrors({})
    placeOrder.mutate({
      items,
      lines: checkoutLines(items, bumps),
      ...(result ? { customerData: result.data } : {}),
      couponCode,
      ...payer,
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
      <PaymentMethod
        taxId={
          askTaxId
            ? {
                value: taxId,
                error: taxIdError,
                onChange: (value) => {
                  setTaxId(value)
                  setTaxIdError(undefined)
                },
              }
            : undefined
        }
      />
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
