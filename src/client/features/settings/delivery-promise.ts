import { queryOptions, useQuery } from '@tanstack/react-query'
import * as checkoutRoutes from '../../../contracts/api-routes/checkout.routes'
import { deliveryPromise, type DeliveryPromise } from '../../../contracts/delivery-promise'
import { call } from '../../lib/api'

/** What the store charges with now; pages drawn on the server carry it (PageData). */
export const paymentMethodsKeys = {
  methods: () => ['payments', 'methods'] as const,
}

export const paymentMethodsQuery = () =>
  queryOptions({
    queryKey: paymentMethodsKeys.methods(),
    queryFn: ({ signal }) => call(checkoutRoutes.paymentMethods, { signal }),
    staleTime: 60_000,
  })

/**
 * The store's promise of when a bought material is released, as its payment mode allows; until
 * the mode is known, no promise either way.
 */
export function useDeliveryPromise(): DeliveryPromise {
  return deliveryPromise(useQuery(paymentMethodsQuery()).data?.pixConfirmation)
}
