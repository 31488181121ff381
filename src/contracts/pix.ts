/**
 * How the PIX standard (EMV BR Code, PROVIDERS.md) takes the recipient's name and city: plain
 * uppercase ASCII, at most 25 and 15 characters. The static PIX code uses these; the settings
 * form shows the owner the very value the payer's bank app will show.
 */
export const NAME_MAX = 25
export const CITY_MAX = 15

/** Free text as the BR Code carries it: no accents, printable ASCII, uppercase, cut to `max`. */
export function pixText(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim()
}

/** What the form says when the typed value is cut to fit, else null. */
export function pixCutNotice(value: string, max: number): string | null {
  const used = pixText(value, max)
  const whole = pixText(value, Number.MAX_SAFE_INTEGER)
  if (used === whole) return null
  return `O PIX aceita até ${max} caracteres: o pagador verá "${used}"`
}
