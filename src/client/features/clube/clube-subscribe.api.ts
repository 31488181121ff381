import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BodyOf } from '../../../contracts/api-route'
import type { PublicPlan, SubscribeAnswer } from '../../../contracts/subscriptions'
import { clubeTitle } from '../../../contracts/clube-title'
import * as clube from '../../../contracts/api-routes/clube.routes'
import { call } from '../../lib/api'
import { savePendingOrder } from '../checkout/pending-order'
import { seedOrderStatus } from '../checkout/use-place-order'

// Apart from clube.api.ts, which every page's header reads: subscribing brings the checkout's
// order code, which only /clube needs.

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
