import { useMutation, useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import {
  CARD_CUSTOMER_MESSAGE,
  CardCustomer,
  EMPTY_CART_MESSAGE,
} from '../../../contracts/checkout'
import { centsToDecimal } from '../../../contracts/money'
import { Button, buttonClasses } from '../../ui/button'
import { Loading } from '../../ui/query-state'
import { Spinner } from '../../ui/spinner'
import { toast } from '../../ui/toast-store'
import { Field } from '../../ui/field'
import { cartQuery, cartSummary } from '../cart/cart.api'
import { HttpError } from '../../lib/api'
import { createCardOrder } from './checkout.api'
import { paymentMethodsQuery } from '../settings/delivery-promise'
import { saveCouponCode, useCouponCode } from '../cart/coupon'
import { EMPTY_CART_HINT, EmptyCart } from './empty-cart'
import { OrderSummary } from './order-summary'
import { usePixPromise } from './pix-promise'

type CardField = 'firstName' | 'lastName' | 'email' | 'phone'
const EMPTY = { firstName: '', lastName: '', email: '', phone: '' }

/** /checkout-mercadopago: customer form and summary, then Mercado Pago's own page. */
export function CardCheckout() {
  const { data: items = [], isPending } = useQuery(cartQuery())
  const methods = useQuery(paymentMethodsQuery())
  const pixPromise = usePixPromise()
  const [values, setValues] = useState<Record<CardField, string>>(EMPTY)
  const [invalid, setInvalid] = useState(false)
  const couponCode = useCouponCode()
  const pay = useMutation({
    mutationFn: () =>
      createCardOrder({
        items: items.map((i) => ({
          productId: i.productId,
          quantity: i.quantity,
          name: i.product.name,
          price: i.product.price,
        })),
        customer: values,
        totalAmount: centsToDecimal(cartSummary(items).cents),
        ...(couponCode ? { couponCode } : {}),
      }),
    onSuccess: (answer) => {
      if (answer?.init_point) {
        saveCouponCode('')
        window.location.assign(answer.init_point)
      } else toast({ title: 'Erro ao gerar link de pagamento', variant: 'destructive' })
    },
    onError: (error) =>
      toast({
        title: 'Erro no checkout',
        // A refusal the buyer can act on (a coupon used up, a product off sale) says what it is.
        description:
          error instanceof HttpError && error.status < 500
            ? error.message
            : 'Tente novamente ou use o PIX como alternativa',
        variant: 'destructive',
      }),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (items.length === 0) {
      toast({ title: EMPTY_CART_MESSAGE, description: EMPTY_CART_HINT, variant: 'destructive' })
      return
    }
    const ok = CardCustomer.safeParse(values).success
    setInvalid(!ok)
    if (!ok)
      toast({
        title: 'Dados incompletos',
        description: CARD_CUSTOMER_MESSAGE,
        variant: 'destructive',
      })
    else pay.mutate()
  }
  const field = (name: CardField) => ({
    id: `card-${name}`,
    name,
    value: values[name],
    error: invalid && name !== 'phone' && !values[name].trim() ? CARD_CUSTOMER_MESSAGE : undefined,
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  })
  const failed = pay.isError || (pay.isSuccess && !pay.data?.init_point)

  if (isPending || methods.isPending) {
    return <Loading label="Carregando seu pedido..." className="py-16" />
  }
  // Said first: nobody fills a cart or a form for a method the store does not offer.
  if (methods.data?.card === false) return <CardUnavailable />
  if (items.length === 0) return <EmptyCart />
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
      <div className="space-y-5 lg:order-2">
        <OrderSummary items={items} />
        <div
          data-testid="pix-alternative"
          className={`rounded-2xl p-4 ${failed ? 'border-2 border-emerald-400 bg-emerald-50' : 'bg-purple-50'}`}
        >
          <p className="font-bold text-gray-900">Prefere PIX?</p>
          <p className="mt-1 text-sm text-gray-700">
            {failed
              ? (pay.error?.message ?? 'O pagamento com cartão não está disponível agora.')
              : pixPromise.line}
          </p>
          <Link
            href="/checkout-pix"
            className={buttonClasses(failed ? 'success' : 'secondary', 'md', 'mt-3 w-full')}
          >
            Pagar com PIX
          </Link>
        </div>
      </div>
      <form noValidate onSubmit={submit} className="space-y-5 lg:order-1" aria-label="Seus dados">
        <fieldset className="space-y-4 rounded-2xl border border-purple-100 bg-white p-4 shadow-sm">
          <legend className="px-1 text-lg font-bold text-purple-900">Seus dados</legend>
          <div className="grid grid-cols-2 gap-3">
            <Field {...field('firstName')} label="Nome" autoComplete="given-name" />
            <Field {...field('lastName')} label="Sobrenome" autoComplete="family-name" />
          </div>
          <Field
            {...field('email')}
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            hint="O recibo e o acesso aos materiais chegam neste email."
          />
          <Field
            {...field('phone')}
            label="Telefone (opcional)"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
          />
        </fieldset>
        <Button type="submit" size="lg" className="w-full" disabled={pay.isPending}>
          {pay.isPending ? <Spinner label="Abrindo o pagamento..." /> : 'Pagar com cartão'}
        </Button>
      </form>
    </div>
  )
}

function CardUnavailable() {
  const pixPromise = usePixPromise()
  return (
    <div
      data-testid="card-unavailable"
      className="rounded-2xl border-2 border-emerald-400 bg-emerald-50 p-5 text-center"
    >
      <p className="text-lg font-bold text-gray-900">
        O pagamento com cartão não está disponível nesta loja.
      </p>
      <p className="mt-1 text-gray-700">Pague com PIX. {pixPromise.line}</p>
      <Link href="/checkout-pix" className={buttonClasses('success', 'md', 'mt-4 w-full')}>
        Pagar com PIX
      </Link>
    </div>
  )
}
