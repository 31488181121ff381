/** Display and link helpers for contact settings; money lives in contracts/money.ts. */

export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '')
}

/** "5511999999999" -> "+55 (11) 99999-9999"; anything else is shown as typed. */
export function formatPhoneBR(raw: string): string {
  const d = digitsOnly(raw)
  const local = d.length === 13 || d.length === 12 ? d.slice(2) : d
  const prefix = local === d ? '' : `+${d.slice(0, 2)} `
  if (local.length === 11)
    return `${prefix}(${local.slice(0, 2)}) ${local.slice(2, 7)}-${local.slice(7)}`
  if (local.length === 10)
    return `${prefix}(${local.slice(0, 2)}) ${local.slice(2, 6)}-${local.slice(6)}`
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
