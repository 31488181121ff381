import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { useForm, useWatch, type FieldErrors, type Path, type Resolver } from 'react-hook-form'
import { z } from 'zod'
import type { CartItem } from '../../../contracts/cart'
import { EMPTY_CART_MESSAGE, GuestCustomerData } from '../../../contracts/checkout'
import { InvoiceRequest } from '../../../contracts/invoices'
import { TAX_ID_REQUIRED_MESSAGE, TaxIdField } from '../../../contracts/tax-id'
import { showServerFieldError } from '../../lib/server-field-error'
import { Button } from '../../ui/button'
import { Loading } from '../../ui/query-state'
import { Spinner } from '../../ui/spinner'
import { toast } from '../../ui/toast-store'
import { useCurrentUser } from '../auth/auth.api'
import { useCouponCode } from '../cart/coupon'
import { paymentMethodsQuery } from '../settings/delivery-promise'
import { useCheckoutTotal } from './checkout-total'
import { checkoutLines, useChosenBumps } from './order-bumps'
import { EMPTY_CART_HINT } from './empty-cart'
import { GuestFields } from './guest-fields'
import { InvoiceFields } from './invoice-fields'
import { ContractSummary } from './contract-summary'
import {
  EMPTY_GUEST_FORM,
  GUEST_FIELD_ORDER,
  guestInput,
  validateGuest,
  type CheckoutFormValues,
} from './guest-validation'
import { ConsentCheckbox } from '../../ui/consent-checkbox'
import { PaymentMethod, TermsCheckbox } from './payment-options'
import { usePlaceOrder } from './use-place-order'
import { adEvent } from '../../lib/ad-events'
import { useCheckoutDraft } from './checkout-draft'

/** A CPF/CNPJ with its check digits, and present: the provider charges no one without it. */
const RequiredTaxId = TaxIdField.refine(Boolean, { error: TAX_ID_REQUIRED_MESSAGE })

/**
 * The contract's schemas over the form, as the server applies them: a guest's data (SPEC.md
 * section 5 messages) and, only while the store's PIX provider asks for it, the payer's CPF.
 */
function checkoutSchema(guest: boolean, askTaxId: boolean) {
  const base = z.object({
    customerData: guest ? GuestCustomerData : z.unknown(),
    taxId: askTaxId ? RequiredTaxId : z.unknown(),
    newsletter: z.boolean(),
  })
  // The nota's document is checked (digit by digit, and a CNPJ's company name) only when asked.
  return z.union([
    base.extend({ wantsInvoice: z.literal(true), invoice: InvoiceRequest }),
    base.extend({ wantsInvoice: z.literal(false), invoice: z.unknown() }),
  ])
}

/** Every field a refusal of the server may name, in the order of the form. */
const FIELDS: Path<CheckoutFormValues>[] = [
  ...GUEST_FIELD_ORDER.map((field) => `customerData.${field}` as const),
  'taxId',
  'invoice.taxId',
  'invoice.companyName',
]

/** Customer data (guests only), PIX, terms and the finalize button of /checkout. */
export function CheckoutForm({ items }: { items: CartItem[] }) {
  const { user, isLoading: userLoading } = useCurrentUser()
  const couponCode = useCouponCode() || undefined
  const bumps = useChosenBumps()
  const guest = !user
  const { totalCents } = useCheckoutTotal(items)
  // The ad pixels' InitiateCheckout, once per checkout screen (read only after 'Aceitar').
  useEffect(() => {
    adEvent({ name: 'InitiateCheckout', ids: items.map((i) => String(i.productId)) })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  // Asked only while the store's PIX provider needs the payer's document (Asaas), and only
  // when there is something to pay: a free order charges nobody (checkout.service.ts).
  const methods = useQuery(paymentMethodsQuery()).data
  const askTaxId = methods?.taxIdRequired === true && totalCents > 0
  const offerInvoice = methods?.invoice === true && totalCents > 0
  // Raw: what is sent is what was typed, as before; the server parses it again anyway.
  const resolver = useMemo(
    () =>
      zodResolver(checkoutSchema(guest, askTaxId), undefined, {
        raw: true,
      }) as Resolver<CheckoutFormValues>,
    [guest, askTaxId],
  )
  const form = useForm<CheckoutFormValues>({
    defaultValues: {
      customerData: EMPTY_GUEST_FORM,
      taxId: '',
      newsletter: false,
      wantsInvoice: false,
      invoice: { taxId: '', companyName: '' },
    },
    resolver,
  })
  const { register, handleSubmit, control, setError, getValues } = form
  const { errors } = form.formState
  const placeOrder = usePlaceOrder((error) => showServerFieldError(error, FIELDS, setError))
  const [acceptTerms, createAccount, typedEmail, newsletter, wantsInvoice, invoiceTaxId] = useWatch(
    {
      control,
      name: [
        'customerData.acceptTerms',
        'customerData.createAccount',
        'customerData.email',
        'newsletter',
        'wantsInvoice',
        'invoice.taxId',
      ],
    },
  )
  useCheckoutDraft(guest ? typedEmail : '', newsletter, items)

  const placeValid = (values: CheckoutFormValues) => {
    if (placeOrder.isPending) return
    if (items.length === 0) {
      toast({ title: EMPTY_CART_MESSAGE, description: EMPTY_CART_HINT, variant: 'destructive' })
      return
    }
    placeOrder.mutate({
      items,
      lines: checkoutLines(items, bumps),
      ...(guest ? { customerData: guestInput(values.customerData) } : {}),
      couponCode,
      ...(askTaxId ? { taxId: values.taxId } : {}),
      newsletter: values.newsletter,
      ...(offerInvoice && values.wantsInvoice
        ? {
            invoice: {
              taxId: values.invoice.taxId,
              ...(values.invoice.companyName ? { companyName: values.invoice.companyName } : {}),
            },
          }
        : {}),
    })
  }

  /** The form's check failed: the fields show their messages; the toast sums them up. */
  const explain = (found: FieldErrors<CheckoutFormValues>) => {
    if (items.length === 0) {
      toast({ title: EMPTY_CART_MESSAGE, description: EMPTY_CART_HINT, variant: 'destructive' })
      return
    }
    const result = guest ? validateGuest(getValues('customerData')) : null
    if (result && !result.ok) {
      toast({ title: result.title, description: result.summary, variant: 'destructive' })
    } else if (found.invoice?.taxId?.message || found.invoice?.companyName?.message) {
      toast({
        title: (found.invoice.taxId?.message ?? found.invoice.companyName?.message)!,
        description: 'Confira os dados da nota fiscal.',
        variant: 'destructive',
      })
    } else if (found.taxId?.message) {
      toast({
        title: found.taxId.message,
        description: 'Confira o CPF (ou CNPJ) de quem paga o PIX.',
        variant: 'destructive',
      })
    }
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit(placeValid, explain)}
      className="space-y-5"
      aria-label="Dados do pedido"
    >
      {userLoading ? (
        <Loading className="py-8" />
      ) : guest ? (
        <GuestFields
          register={register}
          errors={errors.customerData}
          createAccount={createAccount}
        />
      ) : (
        <p className="rounded-2xl bg-purple-50 p-4 text-sm text-purple-900">
          Comprando como <strong>{user.firstName || user.email}</strong>. Os materiais ficam no seu
          painel assim que o pagamento for confirmado, e o recibo chega em {user.email}.
        </p>
      )}
      <PaymentMethod
        taxId={askTaxId ? { input: register('taxId'), error: errors.taxId?.message } : undefined}
      />
      {offerInvoice && (
        <InvoiceFields
          register={register}
          wantsInvoice={wantsInvoice}
          isCompany={invoiceTaxId.replace(/\D/g, '').length === 14}
          errors={errors.invoice}
        />
      )}
      <ConsentCheckbox id="checkout-newsletter" {...register('newsletter')} />
      <ContractSummary items={items} />
      <TermsCheckbox
        input={register('customerData.acceptTerms')}
        error={errors.customerData?.acceptTerms?.message}
      />
      <div>
        <Button
          type="submit"
          size="lg"
          data-testid="checkout-submit"
          className="w-full"
          disabled={placeOrder.isPending || userLoading || (guest && !acceptTerms)}
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
        ) : guest && !acceptTerms ? (
          <p className="mt-2 text-center text-xs text-gray-500">
            Aceite os termos e condições para finalizar.
          </p>
        ) : null}
      </div>
    </form>
  )
}
