/**
 * Brazilian WhatsApp numbers as the gateway wants them: country code + area code + number,
 * digits only (5511987654321). Accepts what people type: "(11) 98765-4321", "+55 11 9…",
 * "011 98765 4321". Returns null when it cannot be a Brazilian mobile or landline number.
 */
export function normaliseWhatsapp(input: string): string | null {
  const explicitCountry = input.trim().startsWith('+')
  let digits = input.replace(/\D/g, '')
  if (!explicitCountry) {
    digits = digits.replace(/^0+/, '')
    if (digits.length === 10 || digits.length === 11) digits = `55${digits}`
  }
  if (!digits.startsWith('55')) return null
  const areaCode = Number(digits.slice(2, 4))
  if (areaCode < 11 || areaCode > 99) return null
  const first = digits[4]
  // Mobiles have nine digits starting with 9; landlines eight, starting with 2 to 5.
  if (digits.length === 13 && first === '9') return digits
  if (digits.length === 12 && first !== undefined && '2345'.includes(first)) return digits
  return null
}

/** Two numbers are the same person's when they normalise alike (country code optional). */
export function sameWhatsapp(a: string, b: string): boolean {
  const left = normaliseWhatsapp(a)
  return left !== null && left === normaliseWhatsapp(b)
}

/**
 * A buyer's WhatsApp against an order's. Brazilian numbers compare normalised (country code
 * and formatting optional); a number the normaliser does not know (abroad) must match digit for
 * digit, and an order without a number never matches.
 */
export function whatsappMatches(given: string, stored: string): boolean {
  if (sameWhatsapp(given, stored)) return true
  const digits = given.replace(/\D/g, '')
  return digits.length >= 8 && digits === stored.replace(/\D/g, '')
}
