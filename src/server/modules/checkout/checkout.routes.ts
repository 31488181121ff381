import {
  CardCheckoutAnswer,
  CardCheckoutBody,
  CheckoutAnswer,
  CheckoutBody,
} from '../../../contracts/checkout.js'
import { CouponValidateAnswer, CouponValidateRequest } from '../../../contracts/coupons.js'
import { CheckoutOffer, OffersQuery } from '../../../contracts/products.js'
import type { App } from '../../app-types.js'
import { baseUrlOf } from '../../http/base-url.js'
import { cartOwnerOf } from '../../http/cart-session.js'
import { orderSourceOf } from './order-source.js'

export function checkoutRoutes(app: App) {
  const { checkout, cardCheckout, sessions, cart, emailVerification, newsletter } = app.services
  const { config } = app.deps

  app.post(
    '/api/checkout',
    { schema: { body: CheckoutBody, response: { 201: CheckoutAnswer } } },
    async (req, reply) => {
      const owner = await cartOwnerOf(sessions, req, reply)
      const { answer, newUserId } = await checkout.placePixOrder({
        items: req.body.items,
        couponCode: req.body.couponCode,
        customerData: req.body.customerData,
        taxId: req.body.taxId,
        invoice: req.body.invoice,
        viewer: await sessions.viewerOf(req),
        owner,
        ip: req.ip,
        source: orderSourceOf(req, req.body),
      })
      // The box ticked: recorded with where, and confirmed by e-mail before any newsletter.
      if (req.body.newsletter === true) {
        await newsletter
          .consent(answer.order.customerEmail, 'checkout')
          .catch((err: unknown) => req.log.error({ err }, 'newsletter consent not written'))
      }
      if (newUserId) {
        // The account made with the order is logged in, and keeps what was in the cart.
        await sessions.start(req, reply, newUserId)
        await cart.mergeGuestCart(owner.sessionId, newUserId)
        // Its e-mail is proved by the code sent now (decision 026). The order exists: a code
        // that failed to go out never turns it into an error (the buyer may ask again).
        await emailVerification
          .sendFirst(newUserId)
          .catch((err: unknown) => req.log.error({ err }, 'verification code not written'))
      }
      return reply.code(201).send(answer)
    },
  )

  app.get(
    '/api/checkout/offers',
    { schema: { querystring: OffersQuery, response: { 200: CheckoutOffer.array() } } },
    async (req) => checkout.offers(req.query.productIds),
  )

  app.post(
    '/api/coupons/validate',
    { schema: { body: CouponValidateRequest, response: { 200: CouponValidateAnswer } } },
    async (req) => checkout.validateCoupon(req.body.code, req.body.items, req.ip),
  )

  app.post(
    '/api/create-order-mercadopago',
    { schema: { body: CardCheckoutBody, response: { 201: CardCheckoutAnswer } } },
    async (req, reply) => {
      const answer = await cardCheckout.placeCardOrder({
        items: req.body.items,
        couponCode: req.body.couponCode,
        customer: req.body.customer,
        viewer: await sessions.viewerOf(req),
        owner: await cartOwnerOf(sessions, req, reply),
        baseUrl: baseUrlOf(config, req),
        ip: req.ip,
        source: orderSourceOf(req, req.body),
      })
      return reply.code(201).send(answer)
    },
  )
}
