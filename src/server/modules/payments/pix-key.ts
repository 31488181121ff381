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

/** The CPF check digits; an 11-digit number that fails them is read as a phone number. */
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
