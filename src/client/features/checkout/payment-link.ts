import { useQuery } from '@tanstack/react-query'
import * as accountRoutes from '../../../contracts/api-routes/account.routes'
import { call } from '../../lib/api'

/**
 * Opens the payment token a WhatsApp reminder carries: this browser may then see that one
 * order's payment page. A query, not an effect: it runs once per token however often the page
 * renders.
 */
export function usePaymentLink(token: string) {
  return useQuery({
    queryKey: ['guest-access-payment-link', token],
    queryFn: () => call(accountRoutes.guestPaymentLink, { body: { token } }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  })
}
