/**
 * CPF and CNPJ arithmetic and formatting (Receita Federal's modulo-11 check digits), without
 * zod: the footer shows the seller's document on every page, and importing the schemas in
 * tax-id.ts for it would load zod on every visit.
 */

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
