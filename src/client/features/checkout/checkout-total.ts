import type { CartItem } from '../../../contracts/cart'
import { decimalToCents } from '../../../contracts/money'
import type { CheckoutOffer } from '../../../contracts/products'
import { cartSummary } from '../cart/cart.api'
import { useCouponQuote } from '../cart/coupon'
import { checkoutLines, useChosenBumps } from './order-bumps'

/**
 * What this checkout charges, as the summary shows it: the items and the bumps taken, less the
 * applied coupon as the server quotes it. The form asks for a CPF only when it is above zero.
 */
export function useCheckoutTotal(items: CartItem[]) {
  const bumps = useChosenBumps()
  const lines = checkoutLines(items, bumps)
  const taken: CheckoutOffer[] = bumps.filter((b) =>
    lines.some((l) => l.bumpFor && l.productId === b.productId),
  )
  const { quote } = useCouponQuote(lines)
  const discounted = quote?.valid ? quote : null
  const undiscountedCents =
    cartSummary(items).cents +
    taken.reduce((sum, b) => sum + (decimalToCents(b.offerPrice) ?? 0), 0)
  const totalCents = discounted
    ? (decimalToCents(discounted.totalAmount) ?? undiscountedCents)
    : undiscountedCents
  return { lines, taken, discounted, totalCents }
}
