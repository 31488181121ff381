import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { PASSWORD_MIN } from '../../../contracts/accounts'
import { Field } from '../../ui/field'
import type { CheckoutFormValues, GuestField } from './guest-validation'

interface GuestFieldsProps {
  register: UseFormRegister<CheckoutFormValues>
  errors: FieldErrors<CheckoutFormValues>['customerData']
  /** The account box as ticked now: the password is asked only then. */
  createAccount: boolean
}

/** The customer data of a guest (SPEC.md sections 3 and 5); ids are `checkout-{field}`. */
export function GuestFields({ register, errors, createAccount }: GuestFieldsProps) {
  const text = (field: Exclude<GuestField, 'createAccount' | 'acceptTerms'>) => ({
    id: `checkout-${field}`,
    ...register(`customerData.${field}`),
    error: errors?.[field]?.message,
  })

  return (
    <fieldset className="space-y-4 rounded-2xl border border-purple-100 bg-white p-4 shadow-sm">
      <legend className="px-1 text-lg font-bold text-purple-900">Seus dados</legend>
      <div className="grid grid-cols-2 gap-3">
        <Field {...text('firstName')} label="Nome" autoComplete="given-name" />
        <Field {...text('lastName')} label="Sobrenome" autoComplete="family-name" />
      </div>
      <Field
        {...text('email')}
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="voce@exemplo.com"
        hint="O recibo e o acesso aos materiais chegam neste email."
      />
      <Field
        {...text('whatsapp')}
        label="WhatsApp"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="(11) 99999-9999"
        hint="Com o email, é o que dá acesso aos seus materiais."
      />
      <Field {...text('address')} label="Endereço (opcional)" autoComplete="street-address" />
      <label className="flex items-start gap-3 rounded-xl bg-purple-50 p-3">
        <input
          type="checkbox"
          {...register('customerData.createAccount')}
          className="mt-0.5 size-5 shrink-0 accent-purple-600"
        />
        <span className="text-sm text-gray-800">
          <strong>Criar minha conta</strong> para baixar os materiais quando quiser, direto do
          painel.
        </span>
      </label>
      {createAccount && (
        <Field
          {...text('password')}
          label="Senha da conta"
          type="password"
          autoComplete="new-password"
          hint={`Pelo menos ${PASSWORD_MIN} caracteres.`}
        />
      )}
    </fieldset>
  )
}
