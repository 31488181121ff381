import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { Field } from '../../ui/field'
import type { CheckoutFormValues } from './guest-validation'

/**
 * 'Quero nota fiscal': schools and education departments pay only with one. The CPF or CNPJ is
 * checked digit by digit (contracts/tax-id.ts) and, for a CNPJ, the company's name is asked;
 * they are kept only with this order (the privacy page says so).
 */
export function InvoiceFields({
  register,
  wantsInvoice,
  isCompany,
  errors,
}: {
  register: UseFormRegister<CheckoutFormValues>
  wantsInvoice: boolean
  isCompany: boolean
  errors: FieldErrors<CheckoutFormValues>['invoice']
}) {
  return (
    <fieldset className="rounded-2xl border-2 border-purple-100 p-4">
      <legend className="sr-only">Nota fiscal</legend>
      <label className="flex items-start gap-3">
        <input
          id="checkout-wantsInvoice"
          type="checkbox"
          data-testid="checkout-wants-invoice"
          {...register('wantsInvoice')}
          className="mt-0.5 size-5 shrink-0 accent-purple-600"
        />
        <span className="text-sm text-gray-800">
          <strong className="font-semibold">Quero nota fiscal</strong>
          <span className="block text-xs text-gray-600">
            Para escolas, secretarias e empresas: a nota sai no CPF ou CNPJ informado.
          </span>
        </span>
      </label>
      {wantsInvoice && (
        <div className="mt-4 space-y-4">
          <Field
            id="checkout-invoice-taxId"
            label="CPF ou CNPJ da nota"
            inputMode="numeric"
            autoComplete="off"
            placeholder="000.000.000-00 ou 00.000.000/0000-00"
            maxLength={20}
            {...register('invoice.taxId')}
            error={errors?.taxId?.message}
          />
          {isCompany && (
            <Field
              id="checkout-invoice-companyName"
              label="Razão social"
              autoComplete="organization"
              maxLength={150}
              {...register('invoice.companyName')}
              error={errors?.companyName?.message}
              hint="Como está no cartão CNPJ."
            />
          )}
        </div>
      )}
    </fieldset>
  )
}
