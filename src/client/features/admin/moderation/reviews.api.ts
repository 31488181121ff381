import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import * as reviewRoutes from '../../../../contracts/api-routes/review.routes'
import type { ModerateReviewBody, ReviewStatus } from '../../../../contracts/reviews'
import { call } from '../../../lib/api'
import { toast } from '../../../ui/toast-store'
import { productKeys } from '../../catalog/catalog.api'
import { adminKeys } from '../admin.queries'

export const reviewKeys = {
  all: () => [...adminKeys.all, 'reviews'] as const,
  list: (status: ReviewStatus | 'all') => [...reviewKeys.all(), status] as const,
  pending: () => [...reviewKeys.all(), 'pending-count'] as const,
}

export const adminReviewsQuery = (status: ReviewStatus | 'all') =>
  queryOptions({
    queryKey: reviewKeys.list(status),
    queryFn: ({ signal }) =>
      call(reviewRoutes.adminReviews, {
        query: { status: status === 'all' ? undefined : status },
        signal,
      }),
  })

/** The overview's alert: reviews waiting for the owner. */
export const pendingReviewsQuery = () =>
  queryOptions({
    queryKey: reviewKeys.pending(),
    queryFn: ({ signal }) => call(reviewRoutes.pendingReviews, { signal }),
  })

/** Approve or reject (with an optional public reply); the lists and the product's page follow. */
export function useModerateReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ModerateReviewBody }) =>
      call(reviewRoutes.moderateReview, { params: { id }, body }),
    onSuccess: (review) => {
      toast({
        title: review.status === 'approved' ? 'Avaliação aprovada!' : 'Avaliação recusada',
        description:
          review.status === 'approved' ? 'Ela já aparece na página do produto.' : undefined,
        variant: 'success',
        duration: 3000,
      })
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all() })
      // The product's stars and reviews on the store's pages.
      void queryClient.invalidateQueries({ queryKey: productKeys.all })
    },
    onError: (error) =>
      toast({ title: 'Erro ao moderar', description: error.message, variant: 'destructive' }),
  })
}
