import { useQuery } from '@tanstack/react-query'
import { checkoutKeys, openPaymentLink } from './checkout.api'

/**
 * Opens the payment token a WhatsApp reminder carries: this browser may then see that one
 * order's payment page. A query, not an effect: it runs once per token however often the page
 * renders.
 */
export function usePaymentLink(token: string) {
  return useQuery({
    queryKey: checkoutKeys.paymentLink(token),
    queryFn: () => openPaymentLink(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  })
}
