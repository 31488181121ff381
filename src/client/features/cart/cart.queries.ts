import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { CartItem } from '../../../contracts/cart'
import { decimalToCents, formatBRL } from '../../../contracts/money'
import type { Product } from '../../../contracts/products'
import { apiJson } from '../../lib/api'
import { withTimeout } from '../../lib/timeout'
import { loadSavedCart, saveCartLocally } from './cart-storage'

const CART_TIMEOUT_MS = 2000

export const cartQuery = () =>
  queryOptions({
    queryKey: ['/api/cart'],
    queryFn: async ({ signal }): Promise<CartItem[]> => {
      try {
        const answer = await apiJson<CartItem[] | null>('/api/cart', {
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

/** Suggestions for the cart sheet; failures are only logged (SPEC.md section 8). */
export const relatedQuery = (cartProductIds: number[]) =>
  queryOptions({
    queryKey: ['/api/products/related', { cartProductIds }],
    queryFn: async ({ signal }): Promise<Product[]> => {
      try {
        const answer = await apiJson<Product[]>('/api/products/related', {
          method: 'POST',
          body: { cartProductIds },
          signal,
        })
        return Array.isArray(answer) ? answer : []
      } catch (error) {
        console.warn('Sugestões indisponíveis', error)
        return []
      }
    },
    // Adding a suggestion changes the ids: keep the old list on screen while the new one loads.
    placeholderData: keepPreviousData,
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
