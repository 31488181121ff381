import { queryOptions } from '@tanstack/react-query'
import type { CartItem } from '../../../contracts/cart'
import { decimalToCents, formatBRL } from '../../../contracts/money'
import * as cartRoutes from '../../../contracts/api-routes/cart.routes'
import { call } from '../../lib/api'
import { withTimeout } from '../../lib/timeout'
import { loadSavedCart, saveCartLocally } from './cart-storage'

const CART_TIMEOUT_MS = 2000

/** The visitor's cart and what is priced from it (coupon quotes). */
export const cartKeys = {
  all: ['cart'] as const,
  couponQuote: (code: string, lines: unknown[]) => ['coupons', 'quote', code, lines] as const,
}

export const cartQuery = () =>
  queryOptions({
    queryKey: cartKeys.all,
    queryFn: async ({ signal }): Promise<CartItem[]> => {
      try {
        const answer = await call(cartRoutes.items, {
          signal: withTimeout(signal, CART_TIMEOUT_MS).signal,
        })
        const items = Array.isArray(answer) ? answer : []
        saveCartLocally(items)
        return items
      } catch (error) {
        // The header must never break over the cart: a slow or failed fetch shows the last one.
        console.warn('Carrinho indisponível, usando a cópia local', error)
        return loadSavedCart()
      }
    },
    staleTime: 60_000,
    gcTime: 5 * 60_000,
    refetchOnMount: true,
  })

/** Badge count (sum of quantities) and total (price × quantity), SPEC.md section 9. */
export function cartSummary(items: CartItem[] | undefined): {
  count: number
  cents: number
  total: string
} {
  let count = 0
  let cents = 0
  for (const item of items ?? []) {
    count += item.quantity
    cents += (decimalToCents(item.product?.price ?? '0') ?? 0) * item.quantity
  }
  return { count, cents, total: formatBRL(cents) }
}
