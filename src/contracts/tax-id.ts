/**
 * CPF and CNPJ, checked digit by digit (Receita Federal's modulo-11 check digits). One rule for
 * every form that asks for a document: the seller's identity, the buyer's nota fiscal, the
 * providers that need the payer's document.
 */
import { z } from 'zod'

/** The digits only: '123.456.789-09' → '12345678909'. */
export const taxIdDigits = (value: string) => value.replace(/\D/g, '')

/** The check digit of `digits` with the weights counted down from `firstWeight`, wrapping to 9 after 2 (CNPJ). */
function checkDigit(digits: string, firstWeight: number, wrap: boolean): number {
  let weight = firstWeight
  let sum = 0
  for (const char of digits) {
    sum += Number(char) * weight
    weight -= 1
    if (wrap && weight < 2) weight = 9
  }
  const rest = sum % 11
  return rest < 2 ? 0 : 11 - rest
}

/** A run of one repeated digit passes the arithmetic but is no document. */
const repeated = (digits: string) => /^(\d)\1*$/.test(digits)

export function isCpf(value: string): boolean {
  const d = taxIdDigits(value)
  if (d.length !== 11 || repeated(d)) return false
  const first = checkDigit(d.slice(0, 9), 10, false)
  const second = checkDigit(d.slice(0, 10), 11, false)
  return first === Number(d[9]) && second === Number(d[10])
}

export function isCnpj(value: string): boolean {
  const d = taxIdDigits(value)
  if (d.length !== 14 || repeated(d)) return false
  const first = checkDigit(d.slice(0, 12), 5, true)
  const second = checkDigit(d.slice(0, 13), 6, true)
  return first === Number(d[12]) && second === Number(d[13])
}

export type TaxIdKind = 'cpf' | 'cnpj'

/** Which document `value` is, or null when it is neither (wrong length or a wrong check digit). */
export function taxIdKind(value: string): TaxIdKind | null {
  if (isCpf(value)) return 'cpf'
  if (isCnpj(value)) return 'cnpj'
  return null
}

/** '12345678909' → '123.456.789-09'; '11222333000181' → '11.222.333/0001-81'; anything else as given. */
export function formatTaxId(value: string): string {
  const d = taxIdDigits(value)
  if (d.length === 11) return d.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')
  if (d.length === 14) return d.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5')
  return value
}

/** A CPF or a CNPJ (with or without punctuation), kept as digits. */
export const taxIdSchema = (message = 'CPF ou CNPJ inválido') =>
  z
    .string()
    .trim()
    .refine((value) => taxIdKind(value) !== null, { error: message })
    .transform(taxIdDigits)

export const CPF_INVALID_MESSAGE = 'CPF inválido'
export const CNPJ_INVALID_MESSAGE = 'CNPJ inválido'
/** The checkout, when the store's PIX provider needs the payer's document (Asaas). */
export const TAX_ID_REQUIRED_MESSAGE = 'Informe o CPF (ou CNPJ) de quem paga o PIX'

/**
 * A CPF or CNPJ as a buyer types it, kept as digits, by the rule above; empty means absent
 * (whether it is required depends on the form: the payer's provider, the nota fiscal). Fourteen
 * digits are judged as a CNPJ, anything else as a CPF, so the message names the document typed.
 */
export const TaxIdField = z
  .string()
  .max(30, { error: CPF_INVALID_MESSAGE })
  .transform((raw, ctx) => {
    if (!raw.trim()) return undefined
    const digits = taxIdDigits(raw)
    if (digits.length === 14 && /^[\d\s.\-/]+$/.test(raw.trim())) {
      if (isCnpj(digits)) return digits
      ctx.addIssue({ code: 'custom', message: CNPJ_INVALID_MESSAGE })
      return z.NEVER
    }
    if (/^[\d\s.\-/]+$/.test(raw.trim()) && isCpf(digits)) return digits
    ctx.addIssue({ code: 'custom', message: CPF_INVALID_MESSAGE })
    return z.NEVER
  })
