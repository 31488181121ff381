import { RATE_LIMITS, type RateLimiter } from '../../http/rate-limit.js'
import type { CouponQuote, CouponsService } from '../coupons/coupons.service.js'
import type { PricedLine } from './order-lines.js'

/**
 * The coupon's quote for these server-priced lines. Every code tried counts against the
 * address (`couponCheckIp`) before it is looked up, at 'Aplicar' and with an order alike, so a
 * burst of guesses cannot slip under the limit; a code that applies gives its try back.
 */
export async function limitedQuote(
  deps: { coupons: CouponsService; limiter: RateLimiter },
  code: string,
  lines: PricedLine[],
  ip: string,
): Promise<CouponQuote> {
  await deps.limiter.consume(RATE_LIMITS.couponCheckIp, ip)
  const quote = await deps.coupons.quote(code, lines)
  await deps.limiter.refund(RATE_LIMITS.couponCheckIp, ip)
  return quote
}

/** The coupon's quote for an order, or null without a code. */
export async function quoteOf(
  deps: { coupons: CouponsService; limiter: RateLimiter },
  code: string | undefined,
  lines: PricedLine[],
  ip: string,
): Promise<CouponQuote | null> {
  if (!code?.trim()) return null
  return limitedQuote(deps, code, lines, ip)
}

/**
 * A guest order, counted against its address and the e-mail it writes to before anything is
 * stored or sent (`guestCheckoutIp`, `guestCheckoutEmail`). A logged-in buyer's order goes to
 * the account's own address and is not counted.
 */
export async function countGuestOrder(limiter: RateLimiter, ip: string, email: string) {
  await limiter.consume(RATE_LIMITS.guestCheckoutIp, ip)
  await limiter.consume(RATE_LIMITS.guestCheckoutEmail, email)
}
