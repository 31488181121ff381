import { queryOptions } from '@tanstack/react-query'
import { decimalToCents, formatBRL } from '../../../contracts/money'
import { apiJson } from '../../lib/api'
import { withTimeout } from '../../lib/timeout'

export interface CartItem {
  id: number
  productId: number
  quantity: number
  product: {
    id: number
    name: string
    price: string
    imageUrl: string
    category?: string
    description?: string
  }
}

const CART_TIMEOUT_MS = 2000

export const cartQuery = () =>
  queryOptions({
    queryKey: ['/api/cart'],
    queryFn: async ({ signal }): Promise<CartItem[]> => {
      try {
        const items = await apiJson<CartItem[] | null>('/api/cart', {
          signal: withTimeout(signal, CART_TIMEOUT_MS).signal,
        })
        return Array.isArray(items) ? items : []
      } catch {
        // The header must never break over the cart: an unreachable cart shows as empty.
        return []
      }
    },
    staleTime: 60_000,
    gcTime: 5 * 60_000,
    refetchOnMount: true,
  })

/** Badge count (sum of quantities) and total (price × quantity), SPEC.md section 9. */
export function cartSummary(items: CartItem[] | undefined): { count: number; total: string } {
  let count = 0
  let cents = 0
  for (const item of items ?? []) {
    count += item.quantity
    cents += (decimalToCents(item.product?.price ?? '0') ?? 0) * item.quantity
  }
  return { count, total: formatBRL(cents) }
}
