import { queryOptions, useQuery } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import type { CartItem } from '../../../contracts/cart'
import * as cartRoutes from '../../../contracts/api-routes/cart-edit.routes'
import { call } from '../../lib/api'
import { cartKeys } from './cart.api'

/** The coupon the buyer applied in the cart, carried to the checkout of the same browser. */
const COUPON_KEY = 'coupon_code'
const CHANGED = 'coupon-code-changed'

export function readCouponCode(): string {
  try {
    return localStorage.getItem(COUPON_KEY) ?? ''
  } catch {
    return ''
  }
}

export function saveCouponCode(code: string): void {
  try {
    if (code) localStorage.setItem(COUPON_KEY, code)
    else localStorage.removeItem(COUPON_KEY)
  } catch {
    // Storage refused: the coupon is then typed again at checkout.
  }
  window.dispatchEvent(new Event(CHANGED))
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange)
  window.addEventListener('storage', onChange)
  return () => {
    window.removeEventListener(CHANGED, onChange)
    window.removeEventListener('storage', onChange)
  }
}

export function useCouponCode(): string {
  return useSyncExternalStore(subscribe, readCouponCode, () => '')
}

/** A checkout line as the server takes it (a bump carries the product it was offered with). */
export type CheckoutLine = Pick<CartItem, 'productId' | 'quantity'> & { bumpFor?: number }
type Line = CheckoutLine

/** What the code takes off these lines, as the server prices them (never the page). */
export const couponQuoteQuery = (code: string, items: Line[]) => {
  const lines = items.map(({ productId, quantity, bumpFor }) =>
    bumpFor ? { productId, quantity, bumpFor } : { productId, quantity },
  )
  return queryOptions({
    queryKey: cartKeys.couponQuote(code, lines),
    queryFn: ({ signal }) =>
      call(cartRoutes.validateCoupon, {
        body: { code, items: lines },
        signal,
      }),
    staleTime: 30_000,
    retry: false,
  })
}

/** The applied coupon's quote for these lines; null without a coupon or with no lines. */
export function useCouponQuote(items: Line[]) {
  const code = useCouponCode()
  const query = useQuery({
    ...couponQuoteQuery(code, items),
    enabled: code !== '' && items.length > 0,
  })
  return { code, quote: code && items.length > 0 ? (query.data ?? null) : null }
}
