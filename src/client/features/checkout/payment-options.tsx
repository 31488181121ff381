import type { UseFormRegisterReturn } from 'react-hook-form'
import { Badge } from '../../ui/badge'
import { Field } from '../../ui/field'
import { usePixPromise } from './pix-promise'

export interface TaxIdInput {
  /** The field's registration in the checkout form. */
  input: UseFormRegisterReturn
  error?: string | undefined
}

/**
 * PIX is the only method here, shown as the recommended one (SPEC.md section 1). `taxId`: the
 * store's PIX provider charges only with the payer's CPF/CNPJ (Asaas), so it is asked here.
 */
export function PaymentMethod({ taxId }: { taxId?: TaxIdInput | undefined }) {
  const pixPromise = usePixPromise()
  return (
    <fieldset className="rounded-2xl border border-purple-100 bg-white p-4 shadow-sm">
      <legend className="px-1 text-lg font-bold text-purple-900">Forma de pagamento</legend>
      <label className="flex items-center gap-3 rounded-xl border-2 border-emerald-400 bg-emerald-50 p-3">
        <input
          type="radio"
          name="payment-method"
          value="pix"
          checked
          readOnly
          className="size-5 accent-emerald-600"
        />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2 font-bold text-gray-900">
            PIX <Badge tone="green">Recomendado</Badge>
          </span>
          <span className="block text-sm text-gray-600">{pixPromise.line}</span>
        </span>
      </label>
      {taxId && (
        <Field
          id="checkout-taxId"
          className="mt-4"
          label="CPF (ou CNPJ) de quem paga"
          inputMode="numeric"
          autoComplete="off"
          placeholder="000.000.000-00"
          maxLength={20}
          {...taxId.input}
          error={taxId.error}
          hint="Pedido pelo banco que gera o PIX; a loja não guarda o seu CPF."
        />
      )}
    </fieldset>
  )
}

interface TermsCheckboxProps {
  /** The box's registration in the checkout form. */
  input: UseFormRegisterReturn
  error?: string | undefined
}

export function TermsCheckbox({ input, error }: TermsCheckboxProps) {
  return (
    <div>
      <label className="flex items-start gap-3">
        <input
          id="checkout-acceptTerms"
          type="checkbox"
          {...input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'checkout-acceptTerms-erro' : undefined}
          className="mt-0.5 size-5 shrink-0 accent-purple-600"
        />
        <span className="text-sm text-gray-800">
          Li e aceito os {/* A new tab: reading the terms must not throw away what was typed. */}
          <a
            href="/termos-uso"
            target="_blank"
            rel="noopener"
            className="font-semibold text-purple-700 underline"
          >
            termos e condições
          </a>{' '}
          da loja.
        </span>
      </label>
      {error && (
        <p id="checkout-acceptTerms-erro" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
