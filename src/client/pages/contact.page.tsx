import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type Path, type Resolver } from 'react-hook-form'
import {
  CONTACT_ANSWER_DAYS,
  ContactRequestBody,
  type ContactRequestBody as ContactValues,
} from '../../contracts/contact'
import { showServerFieldError } from '../lib/server-field-error'
import { useSendContact } from '../features/legal/contact.api'
import { LegalLayout } from '../features/legal/legal-layout'
import { Button } from '../ui/button'
import { Field } from '../ui/field'
import { Spinner } from '../ui/spinner'

const FIELDS: Path<ContactValues>[] = ['name', 'email', 'orderId', 'message']

/**
 * /fale-conosco (Decreto 7.962/2013, art. 4º, V): a message to the store, answered at once
 * with a protocol number; the store answers within 5 days.
 */
export default function ContactPage() {
  const form = useForm<ContactValues>({
    defaultValues: { name: '', email: '', orderId: '', message: '' },
    resolver: zodResolver(ContactRequestBody, undefined, { raw: true }) as Resolver<ContactValues>,
  })
  const { register, handleSubmit, setError, formState } = form
  const send = useSendContact((error) => showServerFieldError(error, FIELDS, setError))
  const errors = formState.errors

  return (
    <LegalLayout title="Fale conosco">
      {send.data ? (
        <div
          role="status"
          data-testid="contact-protocol"
          className="rounded-2xl bg-emerald-50 p-5 text-emerald-900 ring-1 ring-emerald-200"
        >
          <p className="text-lg font-bold">Mensagem recebida!</p>
          <p className="mt-2">
            Seu protocolo é <strong className="font-mono text-xl">{send.data.protocol}</strong>.
          </p>
          <p className="mt-2 text-sm">
            {send.data.copySent
              ? 'Enviamos ao seu e-mail uma confirmação com este protocolo (sem o texto da mensagem). '
              : 'Este e-mail já recebeu hoje o máximo de confirmações, por isso não enviamos outra: anote o protocolo. '}
            Respondemos no seu e-mail em até {CONTACT_ANSWER_DAYS} dias.
          </p>
        </div>
      ) : (
        <form
          noValidate
          aria-label="Fale conosco"
          onSubmit={handleSubmit((values) => send.mutate(values))}
          className="space-y-4"
        >
          <p>
            Dúvidas, problemas com um pedido ou pedido de cancelamento: escreva abaixo. Você recebe
            um número de protocolo na hora, e respondemos em até {CONTACT_ANSWER_DAYS} dias.
          </p>
          <Field
            id="contato-nome"
            label="Seu nome"
            autoComplete="name"
            {...register('name')}
            error={errors.name?.message}
          />
          <Field
            id="contato-email"
            label="Seu e-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            {...register('email')}
            error={errors.email?.message}
          />
          <Field
            id="contato-pedido"
            label="Número do pedido (se tiver)"
            autoComplete="off"
            {...register('orderId')}
            error={errors.orderId?.message}
            hint="Está no e-mail de confirmação do pedido."
          />
          <div>
            <label htmlFor="contato-mensagem" className="block text-sm font-semibold text-gray-800">
              Mensagem
            </label>
            <textarea
              id="contato-mensagem"
              rows={6}
              maxLength={4000}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? 'contato-mensagem-erro' : undefined}
              {...register('message')}
              className="mt-1 block w-full rounded-xl border-2 border-purple-100 bg-white p-3 text-base text-gray-900 focus:border-purple-500 focus:outline-none"
            />
            {errors.message && (
              <p
                id="contato-mensagem-erro"
                role="alert"
                className="mt-1 text-sm font-medium text-red-700"
              >
                {errors.message.message}
              </p>
            )}
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={send.isPending}>
            {send.isPending ? <Spinner label="Enviando..." /> : 'Enviar mensagem'}
          </Button>
        </form>
      )}
    </LegalLayout>
  )
}
