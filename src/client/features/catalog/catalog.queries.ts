import { queryOptions } from '@tanstack/react-query'
import type { Product } from '../../../contracts/products'
import { HttpError, apiJson } from '../../lib/api'
import { withTimeout } from '../../lib/timeout'

const DETAIL_TIMEOUT_MS = 10_000

export const productsQuery = () =>
  queryOptions({
    queryKey: ['/api/products'],
    queryFn: ({ signal }) => apiJson<Product[]>('/api/products', { signal }),
    select: (products) =>
      Array.isArray(products) ? products.filter((p) => p.isActive !== false) : [],
  })

export const bestsellersQuery = () =>
  queryOptions({
    queryKey: ['/api/products/bestsellers'],
    queryFn: ({ signal }) => apiJson<Product[]>('/api/products/bestsellers', { signal }),
  })

/** SPEC.md section 9: 10 s timeout, cached 5 min, one retry (none when the answer is final). */
export const productQuery = (id: number) =>
  queryOptions({
    queryKey: [`/api/products/${id}`],
    queryFn: async ({ signal }) => {
      const timer = withTimeout(signal, DETAIL_TIMEOUT_MS)
      try {
        return await apiJson<Product>(`/api/products/${id}`, { signal: timer.signal })
      } catch (error) {
        if (timer.timedOut()) throw new Error('Tempo limite excedido. Tente novamente.')
        throw error
      }
    },
    staleTime: 5 * 60_000,
    retry: (failureCount, error) => failureCount < 1 && !isNotFound(error),
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
