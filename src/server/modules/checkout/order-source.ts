import type { FastifyRequest } from 'fastify'
import type { Attribution } from '../../../contracts/attribution.js'
import type { AdContext } from '../orders/orders.service.js'

/** What an order keeps of where it came from and what its buyer agreed to share. */
export interface OrderSource {
  attribution: Attribution | null
  adsConsent: boolean
  adContext: AdContext | null
}

/** An order placed without a browser's word (tests, scripts): direct, nothing shared. */
export const NO_SOURCE: OrderSource = { attribution: null, adsConsent: false, adContext: null }

const cut = (v: string | undefined) => (v ? v.slice(0, 300) : undefined)

/**
 * The order's source from a checkout request. The browser's address and user agent, and Meta's
 * `_fbp`/`_fbc` cookies, are kept only when the buyer accepted the ad cookies: they are what
 * the ad platforms match a buyer by, so without consent nothing of them is stored at all.
 * `fbc` from a click id follows Meta's format `fb.1.{ms}.{fbclid}`
 * (https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/fbp-and-fbc/).
 */
export function orderSourceOf(
  req: Pick<FastifyRequest, 'ip' | 'headers' | 'cookies'>,
  body: { attribution?: Attribution | null; consent?: { ads?: boolean } | undefined },
  nowMs = Date.now(),
): OrderSource {
  const attribution = body.attribution ?? null
  const adsConsent = body.consent?.ads === true
  if (!adsConsent) return { attribution, adsConsent, adContext: null }
  const fbclid = attribution?.fbclid
  const adContext: AdContext = {
    ip: req.ip,
    userAgent: cut(req.headers['user-agent']),
    fbp: cut(req.cookies?._fbp),
    fbc: cut(req.cookies?._fbc) ?? (fbclid ? `fb.1.${nowMs}.${fbclid}` : undefined),
  }
  for (const key of Object.keys(adContext) as (keyof AdContext)[]) {
    if (!adContext[key]) delete adContext[key]
  }
  return { attribution, adsConsent, adContext }
}
