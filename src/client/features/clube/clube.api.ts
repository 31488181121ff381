import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import * as clube from '../../../contracts/api-routes/clube.routes'
import { call } from '../../lib/api'

export const clubeKeys = {
  plans: () => ['clube', 'plans'] as const,
  mine: () => ['clube', 'mine'] as const,
  admin: () => ['admin', 'clube'] as const,
}

export const plansQuery = () =>
  queryOptions({
    queryKey: clubeKeys.plans(),
    queryFn: ({ signal }) => call(clube.plans, { signal }),
  })

export const mySubscriptionsQuery = () =>
  queryOptions({
    queryKey: clubeKeys.mine(),
    queryFn: ({ signal }) => call(clube.mySubscriptions, { signal }),
  })

/** The clubes that include a product (its page says 'Incluso no clube …'). */
export const productPlansQuery = (productId: number) =>
  queryOptions({
    queryKey: [...clubeKeys.plans(), 'product', productId] as const,
    queryFn: ({ signal }) => call(clube.plansForProduct, { params: { id: productId }, signal }),
  })

export function useCancelSubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, withdraw }: { id: string; withdraw: boolean }) =>
      call(clube.cancelSubscription, { params: { id }, body: { withdraw } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clubeKeys.mine() }),
  })
}
