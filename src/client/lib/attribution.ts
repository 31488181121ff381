import {
  ATTRIBUTION_KEYS,
  ATTRIBUTION_MAX_CHARS,
  ATTRIBUTION_TTL_MS,
  type Attribution,
} from '../../contracts/attribution-keys'

const STORAGE_KEY = 'loja.attribution'
const URL_KEYS = ATTRIBUTION_KEYS.filter((k) => k !== 'referrer' && k !== 'landing')

/**
 * Remembers where this visit came from when it came from somewhere (a campaign tag, an ad's
 * click id, another site): the last such visit wins, for 30 days, in this browser's own storage
 * only (no cookie, nothing sent until an order is placed). A direct visit changes nothing.
 */
export function captureAttribution(href: string, referrer: string) {
  const loc = new URL(href)
  const params = new URLSearchParams(loc.search)
  const found: Attribution = {}
  for (const key of URL_KEYS) {
    const value = params.get(key)?.trim()
    if (value) found[key] = value.slice(0, ATTRIBUTION_MAX_CHARS)
  }
  let host = ''
  try {
    host = referrer ? new URL(referrer).hostname : ''
  } catch {
    host = ''
  }
  if (host && host !== loc.hostname) found.referrer = host
  if (Object.keys(found).length === 0) return
  found.landing = loc.pathname.slice(0, ATTRIBUTION_MAX_CHARS)
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ at: Date.now(), values: found }))
  } catch {
    // Storage full or refused (private mode): the order is simply 'direto'.
  }
}

/** The remembered visit, if under 30 days old: what the checkout sends as `attribution`. */
export function readAttribution(nowMs = Date.now()): Attribution | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as {
      at: number
      values: Attribution
    } | null
    if (!saved || nowMs - saved.at > ATTRIBUTION_TTL_MS) return undefined
    return saved.values
  } catch {
    return undefined
  }
}
