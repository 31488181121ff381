import { normaliseWhatsapp } from '../../contracts/phone.js'

// The normaliser lives with the contracts: the settings schema checks numbers with it, on
// both sides. Server code keeps importing it from here.
export { normaliseWhatsapp }

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
