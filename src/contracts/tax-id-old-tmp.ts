import { z } from 'zod'

export const CPF_INVALID_MESSAGE = 'CPF inválido'
export const CNPJ_INVALID_MESSAGE = 'CNPJ inválido'
/** The checkout, when the store's PIX provider needs the payer's document (Asaas). */
export const TAX_ID_REQUIRED_MESSAGE = 'Informe o CPF (ou CNPJ) de quem paga o PIX'

/** The CPF check digits (Receita Federal's modulo-11 rule); eleven equal digits are refused. */
export function isCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false
  const check = (length: number) => {
    let sum = 0
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i)
    const rest = (sum * 10) % 11
    return rest === 10 ? 0 : rest
  }
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10])
}

/** The CNPJ check digits (weights 2..9 from the right, modulo 11). */
export function isCnpj(digits: string): boolean {
  if (!/^\d{14}$/.test(digits) || /^(\d)\1{13}$/.test(digits)) return false
  const check = (length: number) => {
    let sum = 0
    for (let i = 0; i < length; i++) sum += Number(digits[length - 1 - i]) * ((i % 8) + 2)
    const rest = sum % 11
    return rest < 2 ? 0 : 11 - rest
  }
  return check(12) === Number(digits[12]) && check(13) === Number(digits[13])
}

/**
 * A CPF or CNPJ as a buyer types it ("123.456.789-09", "12.345.678/0001-95"): only digits are
 * kept. Empty means absent (whether it is required depends on the provider, not on the form).
 */
export const TaxIdField = z
  .string()
  .max(30, { error: CPF_INVALID_MESSAGE })
  .transform((raw, ctx) => {
    if (!raw.trim()) return undefined
    const digits = raw.replace(/[\s.\-/]/g, '')
    if (digits.length === 14 && /^\d+$/.test(digits)) {
      if (isCnpj(digits)) return digits
      ctx.addIssue({ code: 'custom', message: CNPJ_INVALID_MESSAGE })
      return z.NEVER
    }
    if (isCpf(digits)) return digits
    ctx.addIssue({ code: 'custom', message: CPF_INVALID_MESSAGE })
    return z.NEVER
  })
