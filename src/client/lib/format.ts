/** Display and link helpers for contact settings; money lives in contracts/money.ts. */

export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '')
}

/**
 * A WhatsApp or phone number as people write it: "5521987654321" -> "(21) 98765-4321" (Brazil's
 * code is left out, as a Brazilian writes it); anything else (another country, a short number)
 * is shown as typed. The one formatter of every screen.
 */
export function formatPhoneBR(raw: string): string {
  const d = digitsOnly(raw)
  const brazilian = (d.length === 12 || d.length === 13) && d.startsWith('55')
  const local = brazilian ? d.slice(2) : d
  if (local.length === 11) return `(${local.slice(0, 2)}) ${local.slice(2, 7)}-${local.slice(7)}`
  if (local.length === 10) return `(${local.slice(0, 2)}) ${local.slice(2, 6)}-${local.slice(6)}`
  return raw
}

export function whatsappLink(number: string, message?: string): string {
  const text = message ? `?text=${encodeURIComponent(message)}` : ''
  return `https://wa.me/${digitsOnly(number)}${text}`
}

/** The setting holds a user name ("@loja", "loja") or a full URL. */
export function instagramLink(value: string): string {
  const trimmed = value.trim()
  if (/^https?:\/\//i.test(trimmed)) return trimmed
  return `https://instagram.com/${trimmed.replace(/^@/, '')}`
}

export function instagramHandle(value: string): string {
  const trimmed = value.trim().replace(/\/+$/, '')
  const name = /^https?:\/\//i.test(trimmed) ? (trimmed.split('/').pop() ?? trimmed) : trimmed
  return `@${name.replace(/^@/, '')}`
}
