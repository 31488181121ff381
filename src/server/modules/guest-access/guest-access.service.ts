import { eq, lt } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import { GUEST_ACCESS_LINK_INVALID } from '../../../contracts/guest-access.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { RATE_LIMITS, type RateLimiter } from '../../http/rate-limit.js'
import type { MessagingService } from '../messaging/messaging.service.js'
import { accessCodes } from './access-codes.js'
import { browserAccesses } from './access-tokens.js'
import { guestAccess } from './guest-access.tables.js'

export { ACCESS_LINK_TTL_MS, ACCESS_SESSION_TTL_MS, accessTokenIssuer } from './access-tokens.js'

/** The browser's access: httpOnly, for the API only, gone when the browser closes. */
export const GUEST_ACCESS_COOKIE = 'loja_guest'
/** The browser's access to one order's payment page (a payment token opened it). */
export const PAYMENT_ACCESS_COOKIE = 'loja_pagamento'

/**
 * Proof that a visitor holds a buyer's inbox, for the buyer who bought as a guest and does
 * not remember the WhatsApp typed at checkout: a 6-digit code e-mailed on request, or the
 * link in the order e-mails. Either opens an access in the browser (a cookie naming a
 * `session` row) that the materials page and guest downloads accept in place of the WhatsApp.
 * Nothing secret is stored in clear (decision 013).
 */
export function createGuestAccessService(deps: {
  db: Db
  limiter: RateLimiter
  mail: Pick<MessagingService['mail'], 'compose' | 'enqueue' | 'wake'>
  /** Whether any order was placed with this e-mail (the orders module). */
  hasOrders: (email: string) => Promise<boolean>
  log: FastifyBaseLogger
  now?: () => Date
}) {
  const { db, limiter, mail } = deps
  const now = deps.now ?? (() => new Date())
  const resolved = new WeakMap<FastifyRequest, Promise<string | null>>()
  const accesses = browserAccesses(db, now)
  const { openAccess, rowOfToken, emailOfToken } = accesses
  const codes = accessCodes({
    db,
    limiter,
    mail,
    hasOrders: deps.hasOrders,
    accesses,
    log: deps.log,
    now,
  })

  const resolvedOrder = new WeakMap<FastifyRequest, Promise<string | null>>()

  return {
    /** POST /api/guest-access/payment-link: the order the token names, and a browser access to it. */
    async openPaymentLink(
      token: string,
      ip: string,
    ): Promise<{ orderId: string; session: string }> {
      await limiter.consume(RATE_LIMITS.guestVerifyIp, ip)
      const row = await rowOfToken(token, 'pay_link')
      if (!row?.orderId) throw new AppError('forbidden', GUEST_ACCESS_LINK_INVALID)
      await limiter.refund(RATE_LIMITS.guestVerifyIp, ip)
      const session = await openAccess('pay_session', row.email, row.orderId, token)
      return { orderId: row.orderId, session }
    },

    /** The one order whose payment page this browser may see (a payment token), or null. */
    paymentOrderOf(req: FastifyRequest): Promise<string | null> {
      let found = resolvedOrder.get(req)
      if (!found) {
        const token = req.cookies[PAYMENT_ACCESS_COOKIE]
        found = token
          ? rowOfToken(token, 'pay_session').then((row) => row?.orderId ?? null)
          : Promise.resolve(null)
        resolvedOrder.set(req, found)
      }
      return found
    },

    ...codes,

    /** POST /api/guest-access/link: the e-mail the link was sent to, and a browser access. */
    async openLink(token: string, ip: string): Promise<{ email: string; session: string }> {
      await limiter.consume(RATE_LIMITS.guestVerifyIp, ip)
      const email = await emailOfToken(token, 'link')
      if (!email) throw new AppError('forbidden', GUEST_ACCESS_LINK_INVALID)
      await limiter.refund(RATE_LIMITS.guestVerifyIp, ip)
      return { email, session: await openAccess('session', email, null, token) }
    },

    /** The e-mail this browser proved it holds (the cookie's access), or null. Once per request. */
    emailOf(req: FastifyRequest): Promise<string | null> {
      let found = resolved.get(req)
      if (!found) {
        const token = req.cookies[GUEST_ACCESS_COOKIE]
        found = token ? emailOfToken(token, 'session') : Promise.resolve(null)
        resolved.set(req, found)
      }
      return found
    },

    setCookie(
      req: FastifyRequest,
      reply: FastifyReply,
      session: string,
      name: typeof GUEST_ACCESS_COOKIE | typeof PAYMENT_ACCESS_COOKIE = GUEST_ACCESS_COOKIE,
    ) {
      // No maxAge: the browser drops it when closed; the row expires on the server regardless.
      reply.setCookie(name, session, {
        path: '/api',
        httpOnly: true,
        sameSite: 'lax',
        secure: req.protocol === 'https',
      })
    },

    /**
     * Every code, link and browser access of an e-mail, deleted inside an erasure's
     * transaction: the e-mailed links stop working and open accesses end (decision 013).
     */
    async eraseFor(tx: Db, email: string): Promise<void> {
      await tx.delete(guestAccess).where(eq(guestAccess.email, email.toLowerCase()))
    },

    /** Expired codes, links and accesses: housekeeping, run by the order jobs' scheduler. */
    async purgeExpired(): Promise<number> {
      const rows = await db
        .delete(guestAccess)
        .where(lt(guestAccess.expiresAt, now()))
        .returning({ id: guestAccess.id })
      return rows.length
    },
  }
}

export type GuestAccessService = ReturnType<typeof createGuestAccessService>
