import { z } from 'zod'
import {
  ATTRIBUTION_KEYS,
  ATTRIBUTION_MAX_CHARS,
  DIRECT_SOURCE,
  type Attribution,
} from './attribution-keys.js'

export * from './attribution-keys.js'

/**
 * The known keys of whatever the client sent, each a trimmed string of at most 200 characters;
 * anything else (unknown keys, numbers, objects) is dropped. Null when nothing is left.
 */
export function cleanAttribution(input: unknown): Attribution | null {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return null
  const out: Attribution = {}
  for (const key of ATTRIBUTION_KEYS) {
    const value = (input as Record<string, unknown>)[key]
    if (typeof value !== 'string') continue
    const trimmed = value.trim().slice(0, ATTRIBUTION_MAX_CHARS)
    if (trimmed) out[key] = trimmed
  }
  return Object.keys(out).length > 0 ? out : null
}

/** What the checkout bodies accept: any object, cleaned on the server (never a 400). */
export const AttributionField = z.unknown().transform(cleanAttribution).optional()

/** The buyer's choice in the cookie banner, sent with the checkout. */
export const ConsentField = z
  .object({ ads: z.boolean().default(false) })
  .partial()
  .optional()
  .catch(undefined)

/**
 * The source an admin sees: the campaign's source, else the ad click id's platform, else the
 * referrer's host, else 'direto'.
 */
export function sourceOf(a: Attribution | null | undefined): string {
  if (!a) return DIRECT_SOURCE
  if (a.utm_source) return a.utm_source
  if (a.fbclid) return 'facebook'
  if (a.gclid) return 'google'
  if (a.ttclid) return 'tiktok'
  return a.referrer || DIRECT_SOURCE
}

/** The admin's one-line description: source / medium / campaign, the parts that exist. */
export function describeSource(a: Attribution | null | undefined): string {
  const parts = [sourceOf(a), a?.utm_medium, a?.utm_campaign].filter(Boolean)
  return parts.join(' / ')
}

export const AttributionShape = z.record(z.string(), z.string()).nullable()
