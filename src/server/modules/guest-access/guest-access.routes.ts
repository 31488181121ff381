import {
  GuestAccessAnswer,
  GuestCodeAnswer,
  GuestCodeBody,
  GuestLinkBody,
  GuestVerifyBody,
} from '../../../contracts/guest-access.js'
import type { App } from '../../app-types.js'

/**
 * 'Receber código por e-mail' and the order e-mails' link: each opens an access to the
 * materials of one e-mail in this browser, answered like the guest look-up.
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
}
