import { z } from 'zod'
import {
  AdminReview,
  AdminReviewQuery,
  ModerateReviewBody,
  ProductIdParams,
  ProductReviews,
  ReviewBody,
  ReviewCreated,
  ReviewIdParams,
  ReviewRequestAnswer,
  ReviewRequestQuery,
} from '../../../contracts/reviews.js'
import type { App } from '../../app-types.js'
import { adminScope } from '../../http/admin-scope.js'

/** Verified reviews: the public's read, the buyer's write, the owner's moderation. */
export async function reviewsRoutes(app: App) {
  const { reviews, reviewReads, sessions, guestAccess } = app.services

  app.get(
    '/api/products/:id/reviews',
    { schema: { params: ProductIdParams, response: { 200: ProductReviews } } },
    async (req, reply) => {
      // Approved reviews change only when the owner moderates: a minute's cache is harmless.
      reply.header('cache-control', 'public, max-age=60')
      return reviewReads.ofProduct(req.params.id)
    },
  )

  app.post(
    '/api/products/:id/reviews',
    { schema: { params: ProductIdParams, body: ReviewBody, response: { 201: ReviewCreated } } },
    async (req, reply) => {
      const [viewer, guestEmail] = await Promise.all([
        sessions.viewerOf(req),
        guestAccess.emailOf(req),
      ])
      const created = await reviews.create(req.params.id, req.body, {
        userId: viewer.userId,
        guestEmail,
      })
      return reply.code(201).send(created)
    },
  )

  app.get(
    '/api/reviews/request',
    { schema: { querystring: ReviewRequestQuery, response: { 200: ReviewRequestAnswer } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      return reviews.requestInfo(req.query.t)
    },
  )

  await adminScope(app, (scope) => {
    scope.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store')
    })
    scope.get(
      '/api/admin/reviews',
      { schema: { querystring: AdminReviewQuery, response: { 200: z.array(AdminReview) } } },
      (req) => reviews.list(req.query.status),
    )
    scope.get(
      '/api/admin/reviews/pending-count',
      { schema: { response: { 200: z.object({ count: z.number().int() }) } } },
      async () => ({ count: await reviews.pendingCount() }),
    )
    scope.put(
      '/api/admin/reviews/:id',
      {
        schema: {
          params: ReviewIdParams,
          body: ModerateReviewBody,
          response: { 200: AdminReview },
        },
      },
      (req) => reviews.moderate(req.params.id, req.body),
    )
  })
}
