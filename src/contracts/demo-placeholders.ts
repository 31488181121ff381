/**
 * The contact values a new store ships with (settings.ts defaults): they reach no one the owner
 * knows. A screen never sends a buyer to them, and the owner's checklist counts them as not done.
 */
export const DEMO_WHATSAPP = '5511999999999'
export const DEMO_EMAIL = 'contato@lojademateriais.com.br'
export const DEMO_INSTAGRAM = 'lojademateriais'

const digits = (value: string) => value.replace(/\D/g, '')

/** Empty or the demo's number: no real WhatsApp to write to. */
export const isPlaceholderWhatsapp = (value: string) =>
  !digits(value) || digits(value) === DEMO_WHATSAPP

/** Empty or the demo's address: no real inbox. */
export const isPlaceholderEmail = (value: string) =>
  !value.trim() || value.trim().toLowerCase() === DEMO_EMAIL

/** The demo's Instagram, as a handle or an address (an empty one is fine: she may have none). */
export const isPlaceholderInstagram = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\/(www\.)?instagram\.com\//, '')
    .replace(/^@/, '')
    .replace(/\/+$/, '') === DEMO_INSTAGRAM
