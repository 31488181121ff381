import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AddToCartBody, CartItem } from '../../../contracts/cart'
import * as cartRoutes from '../../../contracts/api-routes/cart-edit.routes'
import { HttpError, call } from '../../lib/api'
import { cartQuery } from './cart.api'
import { adEvent } from '../../lib/ad-events'

export const ADD_FAILED_MESSAGE = 'Falha ao adicionar item ao carrinho'

/** POST /api/cart's body without the emergency fields; the quantity defaults to 1 there too. */
export type AddToCartInput = Pick<AddToCartBody, 'productId'> &
  Partial<Pick<AddToCartBody, 'quantity'>>

/** A refusal the server will repeat (unknown or inactive product): no point in a second try. */
function isFinalRefusal(error: unknown): boolean {
  return (
    error instanceof HttpError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  )
}

/**
 * POST /api/cart; when it fails, the emergency add of SPEC.md section 7 (same call, marked and
 * uncached). The server treats a repeated timestamp as the same add, so nothing is doubled.
 */
export async function addToCart({ productId, quantity = 1 }: AddToCartInput): Promise<CartItem> {
  // The ad pixels' AddToCart (read only after the buyer's 'Aceitar').
  adEvent({ name: 'AddToCart', ids: [String(productId)] })
  try {
    return await call(cartRoutes.add, { body: { productId, quantity } })
  } catch (error) {
    if (isFinalRefusal(error)) throw error
    console.warn('Falha ao adicionar, tentando o método de emergência', error)
    try {
      return await call(cartRoutes.add, {
        headers: { 'X-Emergency-Add': 'true' },
        cache: 'no-cache',
        body: { productId, quantity, forceAdd: true, timestamp: Date.now() },
      })
    } catch (emergencyError) {
      console.error('Método de emergência falhou', emergencyError)
      throw new Error(ADD_FAILED_MESSAGE)
    }
  }
}

/** Adds, then the cart is refetched (SPEC.md section 7). */
export function useAddToCart() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addToCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQuery().queryKey }),
  })
}
