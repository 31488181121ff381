import { isCpf } from '../../../contracts/tax-id.js'

export { isCpf }

/**
 * A PIX key as the admin typed it ("(11) 98765-4321", "123.456.789-09", "Loja@Email.com") in
 * the form the directory stores it: a code carrying "(11) 9…" names a key nobody has.
 */
export function normalisePixKey(raw: string): string {
  const key = raw.trim()
  if (key.includes('@')) return key.toLowerCase()
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key)) {
    return key.toLowerCase()
  }
  const digits = key.replace(/\D/g, '')
  if (key.startsWith('+')) return `+${digits}`
  // Only digits and punctuation: a CPF, CNPJ or phone number.
  if (!/^[\d\s().\-/]+$/.test(key)) return key
  if (digits.length === 14) return digits
  if (digits.length === 11 && isCpf(digits) && !/[()]/.test(key)) return digits
  if (digits.length === 10 || digits.length === 11) return `+55${digits}`
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) return `+${digits}`
  return digits
}
