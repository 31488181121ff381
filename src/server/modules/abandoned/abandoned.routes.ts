import {
  CheckoutDraftAnswer,
  CheckoutDraftBody,
  DraftItemsAnswer,
  DraftTokenParams,
} from '../../../contracts/abandoned.js'
import { CART_SESSION_PATTERN, SESSION_HEADER } from '../../../contracts/cart.js'
import type { App } from '../../app-types.js'
import { AppError } from '../../errors.js'
import { RATE_LIMITS } from '../../http/rate-limit.js'

/**
 * The checkout's draft (typed e-mail and items of this session's cart, with the box ticked)
 * and the e-mail's restore link.
 */
export function abandonedRoutes(app: App) {
  const { abandoned, limiter, sessions } = app.services

  app.post(
    '/api/checkout/draft',
    { schema: { body: CheckoutDraftBody, response: { 200: CheckoutDraftAnswer } } },
    async (req) => {
      await limiter.consume(RATE_LIMITS.checkoutDraftIp, req.ip)
      const session = req.headers[SESSION_HEADER]
      if (typeof session !== 'string' || !CART_SESSION_PATTERN.test(session)) {
        throw new AppError('bad_request', 'Sessão do carrinho ausente')
      }
      const viewer = await sessions.viewerOf(req)
      return abandoned.save({ sessionId: session, userId: viewer.userId }, req.body)
    },
  )

  app.get(
    '/api/checkout/draft/:token',
    { schema: { params: DraftTokenParams, response: { 200: DraftItemsAnswer } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      return abandoned.itemsOf(req.params.token)
    },
  )
}
