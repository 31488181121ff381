/**
 * CPF and CNPJ, checked digit by digit (Receita Federal's modulo-11 check digits). One rule for
 * every form that asks for a document: the seller's identity, the buyer's nota fiscal, the
 * providers that need the payer's document.
 */
import { z } from 'zod'
import { isCnpj, isCpf, taxIdDigits, taxIdKind } from './tax-id-digits.js'

export { formatTaxId, isCnpj, isCpf, taxIdDigits, taxIdKind } from './tax-id-digits.js'
export type { TaxIdKind } from './tax-id-digits.js'

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
