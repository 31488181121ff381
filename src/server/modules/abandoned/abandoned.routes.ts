import {
  CheckoutDraftAnswer,
  CheckoutDraftBody,
  DraftItemsAnswer,
  DraftTokenParams,
} from '../../../contracts/abandoned.js'
import type { App } from '../../app-types.js'
import { AppError } from '../../errors.js'
import { RATE_LIMITS } from '../../http/rate-limit.js'

/** The checkout's draft (typed e-mail and items, with consent) and the e-mail's restore link. */
export function abandonedRoutes(app: App) {
  const { abandoned, limiter } = app.services

  app.post(
    '/api/checkout/draft',
    { schema: { body: CheckoutDraftBody, response: { 200: CheckoutDraftAnswer } } },
    async (req) => {
      await limiter.consume(RATE_LIMITS.checkoutDraftIp, req.ip)
      const session = req.headers['x-session-id']
      if (typeof session !== 'string' || session.length < 10 || session.length > 200) {
        throw new AppError('bad_request', 'Sessão do carrinho ausente')
      }
      return abandoned.save(session, req.body)
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
