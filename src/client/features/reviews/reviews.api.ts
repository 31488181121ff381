import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import * as reviewRoutes from '../../../contracts/api-routes/review.routes'
import type { ReviewBody } from '../../../contracts/reviews'
import { call } from '../../lib/api'
import { productKeys } from '../catalog/catalog.api'

/** The buyer's review request, by the e-mailed link's token. */
export const reviewRequestKeys = {
  request: (token: string) => ['reviews', 'request', token] as const,
}

/** What the e-mailed link opens: the product of that purchase, and whether it was rated. */
export const reviewRequestQuery = (token: string) =>
  queryOptions({
    queryKey: reviewRequestKeys.request(token),
    queryFn: ({ signal }) => call(reviewRoutes.reviewRequest, { query: { t: token }, signal }),
    retry: false,
  })

/** Sends the buyer's stars; the product's reviews are asked again (approved ones only show). */
export function useSendReview(productId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ReviewBody) =>
      call(reviewRoutes.createReview, { params: { id: productId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.detail(productId) }),
  })
}
