import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { PublicPlan, SubscribeAnswer } from '../../../contracts/subscriptions'
import { clubeTitle } from '../../../contracts/clube-title'
import { Button } from '../../ui/button'
import { Field } from '../../ui/field'
import { formatDecimalBRL as money } from '../../../contracts/money'
import { TAX_ID_REQUIRED_MESSAGE } from '../../../contracts/tax-id'
import { taxIdKind } from '../../../contracts/tax-id-digits'
import { useCurrentUser } from '../auth/auth.api'
import { paymentMethodsQuery } from '../settings/delivery-promise'
import { OrderWait } from '../checkout/order-wait'
import { useSubscribe } from './clube-subscribe.api'

interface Values {
  firstName: string
  lastName: string
  email: string
  whatsapp: string
  taxId: string
  acceptTerms: boolean
}

/**
 * Subscribing to one plan: the buyer's data (a guest's), then the first cycle's PIX on the
 * checkout's own PIX screen (copy, countdown, 'Já paguei', receipt, polling).
 */
export function SubscribeForm({ plan, onDone }: { plan: PublicPlan; onDone: () => void }) {
  const { user } = useCurrentUser()
  const [answer, setAnswer] = useState<SubscribeAnswer | null>(null)
  const methods = useQuery(paymentMethodsQuery()).data
  // PIX Automático debits, and Asaas' charges, are made out to the payer's CPF or CNPJ.
  const automatic = methods?.pixAutomatico === true
  const askTaxId = automatic || methods?.taxIdRequired === true
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      whatsapp: '',
      taxId: '',
      acceptTerms: false,
    },
  })
  const subscribe = useSubscribe(plan, setAnswer, (error) =>
    setError('root', { message: error.message }),
  )
  const subscribeWith = (values: Values) =>
    subscribe.mutate({
      body: {
        planId: plan.id,
        acceptTerms: values.acceptTerms,
        ...(askTaxId ? { taxId: values.taxId } : {}),
        ...(user
          ? {}
          : {
              customerData: {
                firstName: values.firstName,
                lastName: values.lastName,
                email: values.email,
                whatsapp: values.whatsapp,
                createAccount: false,
              },
            }),
      },
      guest: user ? undefined : { email: values.email, whatsapp: values.whatsapp },
    })

  if (answer) {
    return (
      <div data-testid="clube-payment">
        <OrderWait
          orderId={answer.order.id}
          note={
            answer.subscription.method === 'pix_automatico' ? (
              <p
                className="mt-3 rounded-xl bg-purple-50 p-3 text-sm text-purple-950"
                data-testid="clube-automatic-note"
              >
                Ao pagar este QR Code, o app do seu banco também pede sua autorização para o PIX
                Automático: as próximas cobranças de {money(plan.price)} são debitadas a cada{' '}
                {plan.interval === 'year' ? 'ano' : 'mês'} sem você precisar pagar de novo. Você
                pode cancelar quando quiser em Meus materiais.
              </p>
            ) : (
              <p className="mt-3 text-center text-sm text-gray-700" data-testid="clube-pix-note">
                Primeiro {plan.interval === 'year' ? 'ano' : 'mês'} do {clubeTitle(plan.name)}. A
                cada renovação você recebe um novo PIX por e-mail.
              </p>
            )
          }
          leave={{ label: 'Fechar', onLeave: onDone }}
        />
      </div>
    )
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit(subscribeWith)}
      className="space-y-3"
      data-testid="clube-subscribe-form"
    >
      {user ? (
        <p className="text-gray-700">
          Assinando como <strong>{user.email}</strong>.
        </p>
      ) : (
        <>
          <Field
            label="Nome"
            {...register('firstName', { required: 'Informe seu nome' })}
            error={formState.errors.firstName?.message}
            autoComplete="given-name"
          />
          <Field
            label="Sobrenome"
            {...register('lastName', { required: 'Informe seu sobrenome' })}
            error={formState.errors.lastName?.message}
            autoComplete="family-name"
          />
          <Field
            label="E-mail"
            type="email"
            {...register('email', {
              required: 'Informe seu e-mail',
              pattern: { value: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: 'E-mail inválido' },
            })}
            error={formState.errors.email?.message}
            autoComplete="email"
          />
          <Field
            label="WhatsApp"
            type="tel"
            {...register('whatsapp', { required: 'Informe seu WhatsApp' })}
            error={formState.errors.whatsapp?.message}
            autoComplete="tel"
          />
        </>
      )}
      {askTaxId ? (
        <Field
          label="CPF ou CNPJ de quem paga"
          inputMode="numeric"
          {...register('taxId', {
            validate: (value) =>
              !value.trim()
                ? TAX_ID_REQUIRED_MESSAGE
                : taxIdKind(value) === null
                  ? 'CPF ou CNPJ inválido'
                  : true,
          })}
          error={formState.errors.taxId?.message}
          autoComplete="off"
        />
      ) : null}
      <label className="flex items-start gap-2 text-sm text-gray-700">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5"
          {...register('acceptTerms', { required: 'Aceite os termos para assinar' })}
        />
        <span>
          Li e aceito os{' '}
          <a href="/termos-uso" className="underline">
            termos de uso
          </a>
          . A assinatura custa {money(plan.price)} por {plan.interval === 'year' ? 'ano' : 'mês'} e
          se renova a cada período até você cancelar
          {automatic
            ? ', debitada pelo PIX Automático que você autoriza no primeiro pagamento'
            : ''}
          . Cancele quando quiser em Meus materiais; em até 7 dias do primeiro pagamento, desista
          com reembolso.
        </span>
      </label>
      {formState.errors.acceptTerms ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {formState.errors.acceptTerms.message}
        </p>
      ) : null}
      {formState.errors.root ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {formState.errors.root.message}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={subscribe.isPending}>
        Assinar e pagar com PIX
      </Button>
    </form>
  )
}
