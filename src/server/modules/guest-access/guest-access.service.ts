import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import { createHash, randomBytes } from 'node:crypto'
import {
  GUEST_ACCESS_LINK_INVALID,
  GUEST_CODE_ATTEMPTS,
  GUEST_CODE_SENT_MESSAGE,
  GUEST_CODE_TTL_MINUTES,
  type GuestCodeAnswer,
} from '../../../contracts/guest-access.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { RATE_LIMITS, type RateLimiter } from '../../http/rate-limit.js'
import { createDetached } from '../../lib/detached.js'
import {
  codeHash,
  codeMatches,
  newSixDigitCode,
  wrongCodeMessage,
} from '../../lib/one-time-code.js'
import type { MessagingService } from '../messaging/messaging.service.js'
import { guestAccess } from './guest-access.tables.js'

/** The paid-order e-mail's button works this long. */
export const ACCESS_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000
/** A browser's access after a code or a link: the rest of a day's visit, then ask again. */
export const ACCESS_SESSION_TTL_MS = 12 * 60 * 60 * 1000
const CODE_TTL_MS = GUEST_CODE_TTL_MINUTES * 60 * 1000

/** The browser's access: httpOnly, for the API only, gone when the browser closes. */
export const GUEST_ACCESS_COOKIE = 'loja_guest'
/** The browser's access to one order's payment page (a payment token opened it). */
export const PAYMENT_ACCESS_COOKIE = 'loja_pagamento'

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url')
const newToken = () => randomBytes(32).toString('base64url')

const bad = (message: string) => new AppError('bad_request', message)

/**
 * Writes the tokens the order messages carry. Apart from the service because messaging, which
 * the service sends its codes through, needs it first (messaging.module.ts calls it).
 * Two kinds, so a message never carries more than its address proves (decision 013).
 */
export function accessTokenIssuer(now: () => Date = () => new Date()) {
  const expiresAt = () => new Date(now().getTime() + ACCESS_LINK_TTL_MS)
  return {
    /**
     * An e-mail-scoped link token for the order e-mails, written in the caller's transaction
     * (the e-mail that carries it is written there too): it opens everything of that e-mail,
     * so it goes only to that e-mail. Answers the token; the row keeps only its hash.
     */
    async emailAccess(tx: Db, email: string): Promise<string> {
      const token = newToken()
      await tx.insert(guestAccess).values({
        kind: 'link',
        email: email.toLowerCase(),
        secretHash: sha256(token),
        expiresAt: expiresAt(),
      })
      return token
    },

    /**
     * An order-scoped payment token, for a message sent where the buyer proved nothing (the
     * WhatsApp typed at checkout): it opens that order's payment page, and nothing of the
     * e-mail. Written in the caller's transaction; valid as long as the e-mail links.
     */
    async paymentPage(tx: Db, order: { id: string; customerEmail: string }): Promise<string> {
      const token = newToken()
      await tx.insert(guestAccess).values({
        kind: 'pay_link',
        email: order.customerEmail.toLowerCase(),
        orderId: order.id,
        secretHash: sha256(token),
        expiresAt: expiresAt(),
      })
      return token
    },
  }
}

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
  const detached = createDetached(deps.log, 'guest access code e-mail')

  /** Only an e-mail that placed an order gets a code; the newest code is the only one valid. */
  async function sendCode(email: string): Promise<void> {
    if (!(await deps.hasOrders(email))) return
    const code = newSixDigitCode()
    const content = await mail.compose({
      subject: `Seu código de acesso: ${code}`,
      preview: 'Use este código para ver seus materiais',
      paragraphs: [
        'Use o código abaixo na página "Meus materiais" para ver e baixar o que você comprou.',
        `O código vale por ${GUEST_CODE_TTL_MINUTES} minutos e só pode ser usado uma vez.`,
      ],
      code: { label: 'Código de acesso', value: code },
      note: 'Se não foi você quem pediu, ignore este e-mail: ninguém terá acesso sem o código.',
    })
    await db.transaction(async (tx) => {
      // A second request makes the first code useless.
      await tx
        .update(guestAccess)
        .set({ usedAt: now() })
        .where(
          and(
            eq(guestAccess.email, email),
            eq(guestAccess.kind, 'code'),
            isNull(guestAccess.usedAt),
          ),
        )
      const [row] = await tx
        .insert(guestAccess)
        .values({
          kind: 'code',
          email,
          secretHash: codeHash(code),
          expiresAt: new Date(now().getTime() + CODE_TTL_MS),
        })
        .returning({ id: guestAccess.id })
      await mail.enqueue(tx, { dedupeKey: `guest-code:${row!.id}`, to: email, ...content })
    })
    mail.wake()
  }

  /**
   * A browser's access (`session` or `pay_session`). Opened from a link, its token is derived
   * from the link's, so following one link any number of times, at once or days apart, keeps
   * one row, renewed, instead of a row each time: a link opened by a script in a loop cannot
   * grow the table. Derived one way only: the row holds the hash of the access token, which
   * tells nothing of the link, and whoever has the link could open an access anyway.
   */
  async function openAccess(
    kind: 'session' | 'pay_session',
    email: string,
    orderId: string | null,
    fromLink?: string,
  ): Promise<string> {
    const token = fromLink ? sha256(`${kind}:${fromLink}`) : newToken()
    const expiresAt = new Date(now().getTime() + ACCESS_SESSION_TTL_MS)
    await db
      .insert(guestAccess)
      .values({ kind, email, orderId, secretHash: sha256(token), expiresAt })
      .onConflictDoUpdate({ target: guestAccess.secretHash, set: { expiresAt } })
    return token
  }

  /** The live row of a token of this kind: an e-mail's kinds and an order's never mix. */
  async function rowOfToken(token: string, kind: 'link' | 'session' | 'pay_link' | 'pay_session') {
    const [row] = await db
      .select({ email: guestAccess.email, orderId: guestAccess.orderId })
      .from(guestAccess)
      .where(
        and(
          eq(guestAccess.secretHash, sha256(token)),
          eq(guestAccess.kind, kind),
          gt(guestAccess.expiresAt, now()),
        ),
      )
    return row ?? null
  }

  async function emailOfToken(token: string, kind: 'link' | 'session'): Promise<string | null> {
    return (await rowOfToken(token, kind))?.email ?? null
  }

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

    /**
     * POST /api/guest-access/code. The same answer for any e-mail, sent before the orders are
     * even looked up (the rest runs detached): neither it nor its time tells who bought here.
     */
    async requestCode(email: string, ip: string): Promise<GuestCodeAnswer> {
      await limiter.consume(RATE_LIMITS.guestCodeIp, ip)
      await limiter.consume(RATE_LIMITS.guestCodeEmail, email)
      detached.run(() => sendCode(email))
      return { success: true, message: GUEST_CODE_SENT_MESSAGE }
    },

    /** Waits for the codes being written (closing the app; tests that read the e-mail). */
    drain: () => detached.drain(),

    /**
     * POST /api/guest-access/verify: the newest live code of the e-mail, 5 tries. Answers the
     * token of the browser's access (the route sets the cookie).
     */
    async verifyCode(email: string, code: string, ip: string): Promise<string> {
      await limiter.consume(RATE_LIMITS.guestVerifyIp, ip)
      const [row] = await db
        .select()
        .from(guestAccess)
        .where(
          and(
            eq(guestAccess.email, email),
            eq(guestAccess.kind, 'code'),
            isNull(guestAccess.usedAt),
            gt(guestAccess.expiresAt, now()),
            lt(guestAccess.attempts, GUEST_CODE_ATTEMPTS),
          ),
        )
        .orderBy(desc(guestAccess.id))
        .limit(1)
      const expired = 'Código expirado ou já usado. Peça um novo código.'
      if (!row) throw bad(expired)
      // The try is spent before the code is compared: simultaneous guesses compare 5 at most.
      const [tried] = await db
        .update(guestAccess)
        .set({ attempts: sql`${guestAccess.attempts} + 1` })
        .where(
          and(
            eq(guestAccess.id, row.id),
            isNull(guestAccess.usedAt),
            lt(guestAccess.attempts, GUEST_CODE_ATTEMPTS),
          ),
        )
        .returning({ attempts: guestAccess.attempts })
      if (!tried) throw bad(expired)
      if (!codeMatches(code, row.secretHash)) {
        throw bad(wrongCodeMessage(GUEST_CODE_ATTEMPTS - tried.attempts))
      }
      // Used by one request only: two taps on 'Confirmar' open one access.
      const [taken] = await db
        .update(guestAccess)
        .set({ usedAt: now() })
        .where(and(eq(guestAccess.id, row.id), isNull(guestAccess.usedAt)))
        .returning({ id: guestAccess.id })
      if (!taken) throw bad(expired)
      return openAccess('session', email, null)
    },

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
