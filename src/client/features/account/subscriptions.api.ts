import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as clube from '../../../contracts/api-routes/clube.routes'
import { call } from '../../lib/api'
import { accountKeys } from './account.api'

/** Her clube subscriptions: her own data, dropped with the rest of it at a login. */
export const mySubscriptionsQuery = () =>
  queryOptions({
    queryKey: [...accountKeys.all, 'subscriptions'] as const,
    queryFn: ({ signal }) => call(clube.mySubscriptions, { signal }),
  })

/** Cancelling (or withdrawing) changes her subscriptions and, with a refund, her materials. */
export function useCancelSubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, withdraw }: { id: string; withdraw: boolean }) =>
      call(clube.cancelSubscription, { params: { id }, body: { withdraw } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  })
}

/** A clube period's materials: the order they hang on, with the plan and until when. */
export interface ClubeGrant {
  planName: string
  /** The paid period's end: its downloads last until then. */
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
