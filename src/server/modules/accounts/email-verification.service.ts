import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import {
  EMAIL_CODE_ATTEMPTS,
  EMAIL_CODE_TTL_MINUTES,
  type ResendVerificationAnswer,
  type VerifyEmailAnswer,
} from '../../../contracts/accounts.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { RATE_LIMITS, type RateLimiter } from '../../http/rate-limit.js'
import {
  codeHash,
  codeMatches,
  newSixDigitCode,
  wrongCodeMessage,
} from '../../lib/one-time-code.js'
import type { MessagingService } from '../messaging/messaging.service.js'
import { emailVerifications, users } from './accounts.tables.js'

const CODE_TTL_MS = EMAIL_CODE_TTL_MINUTES * 60 * 1000
const EXPIRED = 'Código expirado ou já usado. Peça um novo código.'

/** Makes the guest orders placed with a verified e-mail the account's (the orders module). */
export type JoinGuestOrders = (account: { userId: string; email: string }) => Promise<number>

const bad = (message: string) => new AppError('bad_request', message)

/**
 * An account proves it holds its e-mail with a 6-digit code e-mailed at sign-up (and on
 * request), the same kind of code as the guest access (lib/one-time-code.ts). Until then the
 * account reaches only what it did itself; verifying joins the guest orders of that e-mail
 * to it (decision 026).
 */
export function createEmailVerificationService(deps: {
  db: Db
  limiter: RateLimiter
  mail: Pick<MessagingService['mail'], 'compose' | 'enqueue' | 'wake'>
  joinGuestOrders: JoinGuestOrders
  now?: () => Date
}) {
  const { db, limiter, mail } = deps
  const now = deps.now ?? (() => new Date())

  async function accountOf(userId: string) {
    const [row] = await db.select().from(users).where(eq(users.id, userId))
    if (!row?.isActive) throw new AppError('unauthorized', 'Faça login para continuar')
    return row
  }

  const alreadyVerified = () => new AppError('conflict', 'Seu e-mail já está confirmado.')

  /** A new code to the account's address; the previous ones stop working. */
  async function send(userId: string): Promise<void> {
    const account = await accountOf(userId)
    if (account.emailVerifiedAt) return
    const code = newSixDigitCode()
    // Composed before the transaction: it reads the settings (PGlite runs one query at a time).
    const content = await mail.compose({
      subject: `Seu código de confirmação: ${code}`,
      preview: 'Confirme o e-mail da sua conta',
      greeting: `Olá, ${account.firstName || 'cliente'}!`,
      paragraphs: [
        'Para confirmar que este e-mail é seu, digite o código abaixo em "Minha conta".',
        `O código vale por ${EMAIL_CODE_TTL_MINUTES} minutos. Com o e-mail confirmado, as compras feitas sem login com este e-mail aparecem na sua conta.`,
      ],
      code: { label: 'Código de confirmação', value: code },
      note: 'Se você não criou uma conta na loja, ignore este e-mail: nada muda sem o código.',
    })
    await db.transaction(async (tx) => {
      await tx
        .update(emailVerifications)
        .set({ usedAt: now() })
        .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)))
      const [row] = await tx
        .insert(emailVerifications)
        .values({
          userId,
          email: account.email,
          codeHash: codeHash(code),
          expiresAt: new Date(now().getTime() + CODE_TTL_MS),
        })
        .returning({ id: emailVerifications.id })
      // Under `account:<id>:`: the account's own export and erasure find it, whatever it verified.
      await mail.enqueue(tx, {
        dedupeKey: `account:${userId}:email-verify:${row!.id}`,
        to: account.email,
        ...content,
      })
    })
    mail.wake()
  }

  return {
    /** At sign-up and at an account made at checkout: the first code. */
    sendFirst: send,

    /** POST /api/auth/verify-email/resend: 3 per account and 10 per address every 15 minutes. */
    async resend(userId: string, ip: string): Promise<ResendVerificationAnswer> {
      if ((await accountOf(userId)).emailVerifiedAt) throw alreadyVerified()
      await limiter.consume(RATE_LIMITS.emailCodeResendIp, ip)
      await limiter.consume(RATE_LIMITS.emailCodeResendAccount, userId)
      await send(userId)
      return {
        success: true,
        message: `Enviamos um novo código para o seu e-mail. Ele vale por ${EMAIL_CODE_TTL_MINUTES} minutos.`,
      }
    },

    /**
     * POST /api/auth/verify-email: the newest live code of the account, 5 tries, used once.
     * Verified, the guest orders of that e-mail join the account.
     */
    async verify(userId: string, code: string, ip: string): Promise<VerifyEmailAnswer> {
      await limiter.consume(RATE_LIMITS.emailVerifyIp, ip)
      const account = await accountOf(userId)
      if (account.emailVerifiedAt) throw alreadyVerified()
      const [row] = await db
        .select()
        .from(emailVerifications)
        .where(
          and(
            eq(emailVerifications.userId, userId),
            // A code proves the address it went to, not one the account has now.
            eq(emailVerifications.email, account.email),
            isNull(emailVerifications.usedAt),
            gt(emailVerifications.expiresAt, now()),
            lt(emailVerifications.attempts, EMAIL_CODE_ATTEMPTS),
          ),
        )
        .orderBy(desc(emailVerifications.id))
        .limit(1)
      if (!row) throw bad(EXPIRED)
      // The try is spent before the code is compared: 30 guesses at once compare 5 at most.
      const [tried] = await db
        .update(emailVerifications)
        .set({ attempts: sql`${emailVerifications.attempts} + 1` })
        .where(
          and(
            eq(emailVerifications.id, row.id),
            isNull(emailVerifications.usedAt),
            lt(emailVerifications.attempts, EMAIL_CODE_ATTEMPTS),
          ),
        )
        .returning({ attempts: emailVerifications.attempts })
      if (!tried) throw bad(EXPIRED)
      if (!codeMatches(code, row.codeHash)) {
        throw bad(wrongCodeMessage(EMAIL_CODE_ATTEMPTS - tried.attempts))
      }
      const verified = await db.transaction(async (tx) => {
        const [taken] = await tx
          .update(emailVerifications)
          .set({ usedAt: now() })
          .where(and(eq(emailVerifications.id, row.id), isNull(emailVerifications.usedAt)))
          .returning({ id: emailVerifications.id })
        if (!taken) return false
        await tx
          .update(users)
          .set({ emailVerifiedAt: now() })
          .where(and(eq(users.id, userId), eq(users.email, row.email)))
        return true
      })
      if (!verified) throw bad(EXPIRED)
      const ordersJoined = await deps.joinGuestOrders({ userId, email: row.email })
      return {
        success: true,
        emailVerified: true,
        ordersJoined,
        message:
          ordersJoined > 0
            ? `E-mail confirmado! ${ordersJoined === 1 ? '1 compra feita' : `${ordersJoined} compras feitas`} com este e-mail agora ${ordersJoined === 1 ? 'aparece' : 'aparecem'} na sua conta.`
            : 'E-mail confirmado!',
      }
    },
  }
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>
