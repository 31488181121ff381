import type { FastifyReply, FastifyRequest } from 'fastify'
import { OrderIdParams, OrderStatusAnswer } from '../../../contracts/checkout.js'
import { RefundRequestAnswer, RefundRequestBody } from '../../../contracts/refunds.js'
import type { App } from '../../app-types.js'
import { cartSessionOf } from '../../http/cart-session.js'
import { RATE_LIMITS } from '../../http/rate-limit.js'
import type { OrderAsker } from './orders.service.js'

export function ordersRoutes(app: App) {
  const { payments, sessions, guestAccess, refunds, limiter } = app.services

  /**
   * Who asks. `paymentPage`: the status and the demo confirmation, which a payment token (the
   * WhatsApp reminder's, for that one order) may also see; a refund request may not.
   */
  async function askerOf(
    req: FastifyRequest,
    reply: FastifyReply,
    paymentPage = false,
  ): Promise<OrderAsker> {
    const viewer = await sessions.viewerOf(req)
    reply.header('cache-control', 'no-store')
    return {
      userId: viewer.userId,
      role: viewer.role,
      cartSessionId: cartSessionOf(req, reply),
      // The order e-mail's button opens the payment page on another device with this access.
      guestEmail: await guestAccess.emailOf(req),
      paymentOrderId: paymentPage ? await guestAccess.paymentOrderOf(req) : null,
    }
  }

  const statusSchema = { params: OrderIdParams, response: { 200: OrderStatusAnswer } }
  app.get('/api/orders/:id/status', { schema: statusSchema }, async (req, reply) =>
    payments.statusFor(req.params.id, await askerOf(req, reply, true)),
  )

  // The body ({ paymentData: { confirmedAt } }) is the customer's word: not read.
  app.post('/api/orders/:id/confirm-payment', { schema: statusSchema }, async (req, reply) =>
    payments.confirm(req.params.id, await askerOf(req, reply, true)),
  )

  // The buyer's 'Já paguei': the order awaits the owner's confirmation. Counted
  // before the order is looked at, so a stranger's guesses spend the same budget.
  app.post('/api/orders/:id/paid-claim', { schema: statusSchema }, async (req, reply) => {
    await limiter.consume(RATE_LIMITS.paidClaimIp, req.ip)
    return payments.claimPaid(req.params.id, await askerOf(req, reply, true))
  })

  // CDC art. 49: the buyer's refund, within 7 days of the payment (refunds module).
  app.post(
    '/api/orders/:id/refund-request',
    {
      schema: {
        params: OrderIdParams,
        body: RefundRequestBody,
        response: { 200: RefundRequestAnswer },
      },
    },
    async (req, reply) =>
      refunds.request(req.params.id, await askerOf(req, reply), req.body.reason),
  )
}
