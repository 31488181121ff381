import { queryOptions } from '@tanstack/react-query'
import * as clube from '../../../contracts/api-routes/clube.routes'
import { call } from '../../lib/api'

export const clubeKeys = {
  plans: () => ['clube', 'plans'] as const,
  admin: () => ['admin', 'clube'] as const,
}

export const plansQuery = () =>
  queryOptions({
    queryKey: clubeKeys.plans(),
    queryFn: ({ signal }) => call(clube.plans, { signal }),
  })

/** The clubes that include a product (its page says 'Incluso no clube …'). */
export const productPlansQuery = (productId: number) =>
  queryOptions({
    queryKey: [...clubeKeys.plans(), 'product', productId] as const,
    queryFn: ({ signal }) => call(clube.plansForProduct, { params: { id: productId }, signal }),
  })
