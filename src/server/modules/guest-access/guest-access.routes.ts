import {
  GuestAccessAnswer,
  GuestCodeAnswer,
  GuestCodeBody,
  GuestLinkBody,
  GuestPaymentLinkAnswer,
  GuestPaymentLinkBody,
  GuestSessionAnswer,
  GuestVerifyBody,
} from '../../../contracts/guest-access.js'
import type { App } from '../../app-types.js'
import { PAYMENT_ACCESS_COOKIE } from './guest-access.service.js'

/**
 * 'Receber código por e-mail' and the order e-mails' link: each opens an access to the
 * materials of one e-mail in this browser, answered like the guest look-up. A payment token
 * (the WhatsApp reminder's) opens one order's payment page only.
 */
export function guestAccessRoutes(app: App) {
  const { guestAccess, customer } = app.services

  app.post(
    '/api/guest-access/code',
    { schema: { body: GuestCodeBody, response: { 200: GuestCodeAnswer } } },
    async (req) => guestAccess.requestCode(req.body.email, req.ip),
  )

  app.post(
    '/api/guest-access/verify',
    { schema: { body: GuestVerifyBody, response: { 200: GuestAccessAnswer } } },
    async (req, reply) => {
      const session = await guestAccess.verifyCode(req.body.email, req.body.code, req.ip)
      guestAccess.setCookie(req, reply, session)
      reply.header('cache-control', 'private, no-store')
      return { ...(await customer.purchasesOfEmail(req.body.email)), email: req.body.email }
    },
  )

  app.post(
    '/api/guest-access/link',
    { schema: { body: GuestLinkBody, response: { 200: GuestAccessAnswer } } },
    async (req, reply) => {
      const { email, session } = await guestAccess.openLink(req.body.token, req.ip)
      guestAccess.setCookie(req, reply, session)
      reply.header('cache-control', 'private, no-store')
      return { ...(await customer.purchasesOfEmail(email)), email }
    },
  )

  // 'Meus materiais' without the link in the address: the access this browser opened before.
  app.get(
    '/api/guest-access/session',
    { schema: { response: { 200: GuestSessionAnswer } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      const email = await guestAccess.emailOf(req)
      if (!email) return { access: null }
      return { access: { ...(await customer.purchasesOfEmail(email)), email } }
    },
  )

  // A PIX reminder sent by WhatsApp: that order's payment page, nothing of the e-mail.
  app.post(
    '/api/guest-access/payment-link',
    { schema: { body: GuestPaymentLinkBody, response: { 200: GuestPaymentLinkAnswer } } },
    async (req, reply) => {
      const { orderId, session } = await guestAccess.openPaymentLink(req.body.token, req.ip)
      guestAccess.setCookie(req, reply, session, PAYMENT_ACCESS_COOKIE)
      reply.header('cache-control', 'private, no-store')
      return { orderId }
    },
  )
}
