import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import {
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
import type { browserAccesses } from './access-tokens.js'
import { guestAccess } from './guest-access.tables.js'

// The 6-digit code e-mailed on request: sent (detached, so the answer tells nothing), tried
// five times at most, and turned into a browser's access once.

const CODE_TTL_MS = GUEST_CODE_TTL_MINUTES * 60 * 1000

const bad = (message: string) => new AppError('bad_request', message)

export function accessCodes(deps: {
  db: Db
  limiter: RateLimiter
  mail: Pick<MessagingService['mail'], 'compose' | 'enqueue' | 'wake'>
  hasOrders: (email: string) => Promise<boolean>
  accesses: ReturnType<typeof browserAccesses>
  log: FastifyBaseLogger
  now: () => Date
}) {
  const { db, limiter, mail, now } = deps
  const { openAccess } = deps.accesses
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

  return {
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
  }
}
