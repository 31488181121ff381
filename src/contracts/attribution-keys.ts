// No zod here: the store's first page imports these (the home's JavaScript stays small).

/**
 * Where an order came from, as the buyer's landing told it: the campaign tags, the ad click ids,
 * the referrer's host and the landing path. The client keeps the last non-direct visit for 30
 * days (first-party storage only) and sends it with the checkout; the server keeps only these
 * keys, each cut to `ATTRIBUTION_MAX_CHARS`.
 */
export const ATTRIBUTION_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'fbclid',
  'gclid',
  'ttclid',
  'referrer',
  'landing',
] as const
export type AttributionKey = (typeof ATTRIBUTION_KEYS)[number]
export type Attribution = Partial<Record<AttributionKey, string>>

export const ATTRIBUTION_MAX_CHARS = 200
/** How long a landing is remembered in the buyer's browser. */
export const ATTRIBUTION_TTL_MS = 30 * 24 * 60 * 60 * 1000
/** The source of an order with no attribution at all. */
export const DIRECT_SOURCE = 'direto'
