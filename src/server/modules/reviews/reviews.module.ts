import { defineModule } from '../../kernel/module.js'
import { orderEffectHandlers } from '../orders/orders.service.js'
import { createReviewReads, type ReviewReads } from './review-reads.js'
import { startReviewJobs } from './reviews.jobs.js'
import { reviewsRoutes } from './reviews.routes.js'
import { createReviewsService, type ReviewsService } from './reviews.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** Verified reviews: the buyer's write, the owner's moderation, the review requests. */
    reviews: ReviewsService
    /** Approved reviews as the public reads them (also the catalogue's stars). */
    reviewReads: ReviewReads
  }
}

declare module '../../kernel/events.js' {
  interface DomainEvents {
    /** A review was approved, hidden, answered or erased: the stars shown may have moved. */
    'review.changed': Record<string, never>
  }
}

export const reviewsModule = defineModule({
  name: 'reviews',
  needs: ['purchases', 'orderReads', 'products', 'settings', 'messaging'],
  provides: ['reviews', 'reviewReads'],
  build: ({ db, deps, events }, { purchases, orderReads, products, settings, messaging }) => {
    const reviewReads = createReviewReads(db)
    const reviews = createReviewsService({
      db,
      reads: reviewReads,
      purchases,
      orders: orderReads,
      products,
      settings,
      mail: messaging.mail,
      secret: deps.config.sessionSecret,
      now: deps.now,
      events,
    })
    return { reviews, reviewReads }
  },
  // A paid order's review request is written with it; a refund hides the buyer's review.
  handles: ({ reviews }) =>
    orderEffectHandlers(reviews.orderEffects, { after: ['purchases', 'subscriptions'] }),
  routes: reviewsRoutes,
  jobs: startReviewJobs,
})
