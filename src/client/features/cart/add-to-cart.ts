import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '../../lib/api'
import { cartQuery } from './cart.queries'

export interface AddToCartInput {
  productId: number
  quantity?: number
}

/** POST /api/cart, then the cart is refetched (SPEC.md section 7). */
export function useAddToCart() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ productId, quantity = 1 }: AddToCartInput) =>
      apiJson('/api/cart', { method: 'POST', body: { productId, quantity } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQuery().queryKey }),
  })
}
