import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicPlan } from '../../../contracts/subscriptions'
import * as clube from '../../../contracts/api-routes/clube.routes'
import { call } from '../../lib/api'
import { useHydrated } from '../../lib/use-hydrated'

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

/**
 * The plans on sale now: the header, the footer and the home page lead to /clube only while
 * there is one (none yet, or none answered: no way to a clube that sells nothing). Shown once
 * the page is the browser's, never while React takes over the server's markup: the footer
 * hydrates after the header, and the plans the header asked for may have arrived in between,
 * so the server draws none and each part shows them once hydrated.
 */
export function usePlansOnSale(): PublicPlan[] {
  const hydrated = useHydrated()
  const { data } = useQuery(plansQuery())
  return hydrated ? (data ?? []) : []
}
