import { COUPON_MESSAGES } from '../../../contracts/coupons.js'
import { AppError } from '../../errors.js'
import type { coupons } from './coupons.tables.js'

export type CouponRow = typeof coupons.$inferSelect

/** A line as priced by the server: the coupon only ever sees database prices. */
export interface PricedLineLike {
  productId: number
  unitPriceCents: number
  quantity: number
}

export interface Discount {
  subtotalCents: number
  discountCents: number
  totalCents: number
}

/**
 * Why the coupon cannot apply to these lines at `now`, or the discount it gives. Uses and the
 * per-e-mail cap are counted where the use is held, in the order's transaction.
 */
export function applyCoupon(coupon: CouponRow, lines: PricedLineLike[], now: Date): Discount {
  if (!coupon.isActive) throw unusableCoupon()
  if (coupon.startsAt && coupon.startsAt > now) throw unusableCoupon()
  if (coupon.endsAt && coupon.endsAt <= now) throw unusableCoupon()
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0)
  if (coupon.minCents !== null && subtotalCents < coupon.minCents) {
    throw new AppError('bad_request', minimumMessage(coupon.minCents))
  }
  const listed = new Set(coupon.productIds)
  const eligible = lines
    .filter((l) => listed.size === 0 || listed.has(l.productId))
    .reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0)
  if (eligible === 0) throw new AppError('bad_request', COUPON_MESSAGES.noProducts)
  const raw = coupon.type === 'percent' ? Math.round((eligible * coupon.value) / 100) : coupon.value
  // Never more than the listed products cost: the order never goes below R$ 0,00.
  const discountCents = Math.min(raw, eligible)
  return { subtotalCents, discountCents, totalCents: subtotalCents - discountCents }
}

function minimumMessage(cents: number): string {
  const reais = (cents / 100).toFixed(2).replace('.', ',')
  return `Este cupom vale para pedidos a partir de R$ ${reais}`
}

/**
 * A code that cannot be used now, whatever the reason (unknown, inactive, not yet valid,
 * expired, sold out): one message and one status, so a guesser cannot tell them apart.
 */
export function unusableCoupon(): AppError {
  return new AppError('bad_request', COUPON_MESSAGES.unusable)
}
