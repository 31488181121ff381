import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Product } from '../../../contracts/products'
import * as productRoutes from '../../../contracts/api-routes/product.routes'
import { HttpError, call } from '../../lib/api'
import { withTimeout } from '../../lib/timeout'
import { productKeys } from './catalog.api'

// Apart from catalog.api.ts: what the product page and the cart sheet ask is not the home
// page's, so its code stays out of the home page's first load.

const DETAIL_TIMEOUT_MS = 10_000

export const productsQuery = () =>
  queryOptions({
    queryKey: productKeys.list(),
    queryFn: ({ signal }) => call(productRoutes.products, { signal }),
    select: (products) =>
      Array.isArray(products) ? products.filter((p) => p.isActive !== false) : [],
  })

/** SPEC.md section 9: 10 s timeout, cached 5 min, one retry (none when the answer is final). */
export const productQuery = (id: number) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: async ({ signal }) => {
      const timer = withTimeout(signal, DETAIL_TIMEOUT_MS)
      try {
        return await call(productRoutes.product, { params: { id }, signal: timer.signal })
      } catch (error) {
        if (timer.timedOut()) throw new Error('Tempo limite excedido. Tente novamente.')
        throw error
      }
    },
    staleTime: 5 * 60_000,
    retry: (failureCount, error) => failureCount < 1 && !isNotFound(error),
  })

/** Suggestions for the cart sheet; failures are only logged (SPEC.md section 8). */
export const relatedQuery = (cartProductIds: number[]) =>
  queryOptions({
    queryKey: productKeys.related(cartProductIds),
    queryFn: async ({ signal }): Promise<Product[]> => {
      try {
        const answer = await call(productRoutes.related, { body: { cartProductIds }, signal })
        return Array.isArray(answer) ? answer : []
      } catch (error) {
        console.warn('Sugestões indisponíveis', error)
        return []
      }
    },
    // Adding a suggestion changes the ids: keep the old list on screen while the new one loads.
    placeholderData: keepPreviousData,
  })

/** 404, or 400 for an id the server cannot read: both mean there is no such product. */
export function isNotFound(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 404 || error.status === 400)
}

/** A positive 32-bit integer id from the URL, or null. */
export function parseProductId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null
  const id = Number(raw)
  return id > 0 && id <= 2_147_483_647 ? id : null
}
