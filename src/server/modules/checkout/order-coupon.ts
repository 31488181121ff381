import type { CouponQuote, CouponsService } from '../coupons/coupons.service.js'
import type { PricedLine } from './order-lines.js'

/** The provider name of an order a coupon paid in full: nothing was charged anywhere. */
export const FREE_PROVIDER = 'free'

/** The coupon's quote for these server-priced lines, or null without a code. */
export async function quoteOf(
  coupons: CouponsService,
  code: string | undefined,
  lines: PricedLine[],
): Promise<CouponQuote | null> {
  if (!code?.trim()) return null
  return coupons.quote(code, lines)
}
