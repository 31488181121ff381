import type {
  AdminReview,
  ModerateReviewBody,
  ProductReviews,
  ReviewBody,
  ReviewCreated,
  ReviewRequestAnswer,
} from '../reviews'
import { route } from '../api-route'

// Verified reviews: the public's read, the buyer's write (account, guest access or the e-mailed
// link's token), and the owner's moderation.
export const productReviews = route<typeof ProductReviews>()('GET', '/api/products/:id/reviews')
export const createReview = route<typeof ReviewCreated, typeof ReviewBody>()(
  'POST',
  '/api/products/:id/reviews',
)
/** Query: t (the e-mailed link's token). */
export const reviewRequest = route<typeof ReviewRequestAnswer>()('GET', '/api/reviews/request')
/** Query: status. */
export const adminReviews = route<AdminReview[]>()('GET', '/api/admin/reviews')
export const pendingReviews = route<{ count: number }>()('GET', '/api/admin/reviews/pending-count')
export const moderateReview = route<typeof AdminReview, typeof ModerateReviewBody>()(
  'PUT',
  '/api/admin/reviews/:id',
)
