import { queryOptions } from '@tanstack/react-query'
import * as reviewRoutes from '../../../contracts/api-routes/review.routes'
import { call } from '../../lib/api'
import { productKeys } from '../catalog/catalog.api'

/** Approved reviews of a product, under the product's own key: a moderation refreshes them. */
export const productReviewsQuery = (id: number) =>
  queryOptions({
    queryKey: [...productKeys.detail(id), 'reviews'] as const,
    queryFn: ({ signal }) => call(reviewRoutes.productReviews, { params: { id }, signal }),
    staleTime: 60_000,
  })
