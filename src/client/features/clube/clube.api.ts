import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { BodyOf } from '../../../contracts/api-route'
import { clubeTitle, type PublicPlan, type SubscribeAnswer } from '../../../contracts/subscriptions'
import * as clube from '../../../contracts/api-routes/clube.routes'
import { call } from '../../lib/api'
import { useHydrated } from '../../lib/use-hydrated'
import { savePendingOrder } from '../checkout/pending-order'
import { seedOrderStatus } from '../checkout/use-place-order'

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

/**
 * Subscribing to `plan`: its first cycle is an order (a guest's e-mail and WhatsApp find it
 * again); `onPlaced` gets the answer, a refusal goes to `onError` (the form shows it).
 */
export function useSubscribe(
  plan: PublicPlan,
  onPlaced: (placed: SubscribeAnswer) => void,
  onError: (error: Error) => void,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      body,
    }: {
      body: BodyOf<typeof clube.subscribe>
      guest?: { email: string; whatsapp: string }
    }) => call(clube.subscribe, { body }),
    onSuccess: (placed, { guest }) => {
      // The checkout's PIX screen follows this order as it follows a cart's: seeded now,
      // polled, and found again on /checkout after a reload.
      seedOrderStatus(queryClient, placed)
      savePendingOrder({
        orderId: placed.order.id,
        productName: clubeTitle(plan.name),
        timestamp: Date.now(),
        guest: guest && {
          email: guest.email.trim().toLowerCase(),
          whatsapp: guest.whatsapp.trim(),
        },
        productIds: [],
      })
      onPlaced(placed)
    },
    onError,
  })
}
