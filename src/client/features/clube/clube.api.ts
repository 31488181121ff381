import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
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

/** A clube period's materials: the order they hang on, with the plan and until when. */
export interface ClubeGrant {
  planName: string
  /** The period's end: the quota renews then (or access ends, if cancelled). */
  until: string | null
  cancelled: boolean
}

/** Her subscriptions' current orders, for 'Meus materiais' to mark the clube's materials. */
export function useClubeGrants(): Map<string, ClubeGrant> {
  const { data } = useQuery(mySubscriptionsQuery())
  const grants = new Map<string, ClubeGrant>()
  for (const s of data ?? []) {
    if (s.clubeOrderId) {
      grants.set(s.clubeOrderId, {
        planName: s.planName,
        until: s.currentPeriodEnd,
        cancelled: s.status === 'cancelada',
      })
    }
  }
  return grants
}
