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
