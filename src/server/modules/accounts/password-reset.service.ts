import { and, eq, isNull } from 'drizzle-orm'
import { createHash, randomBytes } from 'node:crypto'
import {
  FORGOT_PASSWORD_MESSAGE,
  type ForgotPasswordAnswer,
  type ResetPasswordAnswer,
} from '../../../contracts/accounts.js'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.js'
import { createDetached } from '../../lib/detached.js'
import { AppError } from '../../errors.js'
import { RATE_LIMITS, type RateLimiter } from '../../http/rate-limit.js'
import type { MessagingService } from '../messaging/messaging.service.js'
import { passwordResets, users } from './accounts.tables.js'
import { hashPassword } from './passwords.js'

/** How long an e-mailed link works. */
export const RESET_TTL_MS = 30 * 60 * 1000

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

const bad = (message: string) => new AppError('bad_request', message)

/**
 * 'Esqueci minha senha'. The request answers the same for any e-mail, before the account is
 * even looked up (the rest runs detached), so neither the answer nor its time tells whether
 * an account exists. The link's token is kept only as a hash, works
 * once, for 30 minutes; using it ends every session of the account.
 */
export function createPasswordResetService(deps: {
  db: Db
  limiter: RateLimiter
  mail: Pick<MessagingService['mail'], 'compose' | 'enqueue' | 'wake'>
  /** Ends every session of a user, in whichever store sessions live (database or Redis). */
  endSessions: (userId: string) => Promise<void>
  log: FastifyBaseLogger
  /** The clock links expire on; tests pass their own. */
  now?: () => Date
}) {
  const { db, limiter, mail } = deps
  const now = deps.now ?? (() => new Date())
  const detached = createDetached(deps.log, 'password reset e-mail')

  async function sendLink(address: string): Promise<void> {
    const [user] = await db.select().from(users).where(eq(users.email, address))
    if (!user?.isActive) return
    const token = randomBytes(32).toString('base64url')
    const content = await mail.compose({
      subject: 'Redefinição de senha',
      preview: 'Crie uma nova senha para a sua conta',
      greeting: `Olá, ${user.firstName}!`,
      paragraphs: [
        'Recebemos um pedido para criar uma nova senha para a sua conta.',
        'Toque no botão abaixo para escolher a nova senha. O link vale por 30 minutos e só pode ser usado uma vez.',
      ],
      button: { label: 'Criar nova senha', path: `/redefinir-senha?token=${token}` },
      note: 'Se não foi você quem pediu, ignore este e-mail: sua senha continua a mesma.',
    })
    await db.transaction(async (tx) => {
      const [reset] = await tx
        .insert(passwordResets)
        .values({
          userId: user.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(now().getTime() + RESET_TTL_MS),
        })
        .returning({ id: passwordResets.id })
      await mail.enqueue(tx, {
        // Under `account:<id>:` the account's own export and erasure find it (decision 026).
        dedupeKey: `account:${user.id}:password-reset:${reset!.id}`,
        to: user.email,
        ...content,
      })
    })
    mail.wake()
  }

  return {
    async request(email: string, ip: string): Promise<ForgotPasswordAnswer> {
      const address = email.trim().toLowerCase()
      await limiter.consume(RATE_LIMITS.passwordResetIp, ip)
      await limiter.consume(RATE_LIMITS.passwordResetEmail, address)
      // The account is looked up and the e-mail written after the answer: its time is the
      // same whether or not an account exists.
      detached.run(() => sendLink(address))
      return { success: true, message: FORGOT_PASSWORD_MESSAGE }
    },

    /** Waits for the links being written (closing the app; tests that read the e-mail). */
    drain: () => detached.drain(),

    async reset(token: string, password: string): Promise<ResetPasswordAnswer> {
      const [found] = await db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, hashToken(token)))
      if (!found) throw bad('Link de redefinição inválido. Peça um novo em "Esqueci minha senha".')
      if (found.usedAt) {
        throw bad('Este link já foi usado. Se precisar, peça um novo em "Esqueci minha senha".')
      }
      if (found.expiresAt.getTime() <= now().getTime()) {
        throw bad('Este link expirou. Peça um novo em "Esqueci minha senha".')
      }
      // Hashed before the transaction: on PGlite it holds the only connection.
      const passwordHash = await hashPassword(password)
      const used = await db.transaction(async (tx) => {
        // Taken by one request only: two taps on the same link cannot both set a password.
        const [taken] = await tx
          .update(passwordResets)
          .set({ usedAt: now() })
          .where(and(eq(passwordResets.id, found.id), isNull(passwordResets.usedAt)))
          .returning({ userId: passwordResets.userId })
        if (!taken) return null
        await tx.update(users).set({ passwordHash }).where(eq(users.id, taken.userId))
        // The account's other links die too: the password they were asked for is set.
        await tx
          .update(passwordResets)
          .set({ usedAt: now() })
          .where(and(eq(passwordResets.userId, taken.userId), isNull(passwordResets.usedAt)))
        return taken
      })
      if (!used) {
        throw bad('Este link já foi usado. Se precisar, peça um novo em "Esqueci minha senha".')
      }
      // Whoever knew the old password (or held a session) is out.
      await deps.endSessions(used.userId)
      return { success: true, message: 'Senha alterada. Entre com a nova senha.' }
    },
  }
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>
