import { setTimeout as sleep } from 'node:timers/promises'
import type { RegisterBody } from '../../../contracts/accounts.js'
import { AppError } from '../../errors.js'
import { addressSubject, RATE_LIMITS, type RateLimiter } from '../../http/rate-limit.js'
import type { AccountsService } from './accounts.service.js'

type UserRow = NonNullable<Awaited<ReturnType<AccountsService['findById']>>>

export interface Attempt {
  email: string
  password: string
  /** The client's address, for the per-IP limit. */
  ip: string
  /** The browser's anonymous cart (X-Session-ID), merged into the account on success. */
  cartSessionId?: string
}

/** Moves a guest cart into a user's cart (the cart module's merge). */
export type MergeCart = (cartSessionId: string, userId: string) => Promise<void>

/**
 * Makes the guest orders placed with the account's e-mail its own (orders): all of them once
 * the e-mail is verified, else those with its WhatsApp too.
 */
export type ClaimGuestOrders = (account: {
  userId: string
  email: string
  whatsapp: string
  emailVerified: boolean
}) => Promise<unknown>

const WRONG_CUSTOMER = 'Email ou senha incorretos'
const WRONG_ADMIN = 'Credenciais inválidas'
const WRONG_PASSWORD = 'Senha incorreta'

/** Where each kind of account lands after logging in (SPEC.md section 2). */
export const landingOf = (user: Pick<UserRow, 'role'>) =>
  user.role === 'superadmin' ? '/admin' : '/dashboard'

export interface LoginOptions {
  /** Holds an answer `ms` milliseconds (the slowdown); tests record the waits instead. */
  delay?: (ms: number) => Promise<unknown>
}

/**
 * Logins and sign-ups under the rate limits (decision 011). Before the password is checked an
 * attempt counts against its IP and its account from that IP, either of which may refuse it,
 * then against the account across every IP, which only slows it. A success clears the count of
 * its account from that IP and gives its attempt back to the other two, so only failures add
 * up. A success also brings the browser's guest cart into the account.
 */
export function createLoginService(
  accounts: AccountsService,
  limiter: RateLimiter,
  mergeCart: MergeCart,
  claimGuestOrders: ClaimGuestOrders,
  { delay = sleep }: LoginOptions = {},
) {
  async function check(attempt: Attempt, failure: string): Promise<UserRow> {
    const { email, password, ip } = attempt
    const account = email.trim().toLowerCase()
    // An IP never holds '/', so this names one account from one address unambiguously.
    const accountFromIp = `${addressSubject(ip)}/${account}`
    await limiter.consume(RATE_LIMITS.loginIp, ip)
    await limiter.consume(RATE_LIMITS.loginAccountIp, accountFromIp)
    // Held before the password is checked, and for every answer: a guesser who could tell a
    // right password by a fast answer would not have to wait for the wrong ones.
    const wait = await limiter.slowdown(RATE_LIMITS.loginAccount, account)
    if (wait > 0) await delay(wait)
    const user = await accounts.authenticate(account, password)
    if (!user) throw new AppError('unauthorized', failure)
    await limiter.reset(RATE_LIMITS.loginAccountIp, accountFromIp)
    // Given back, not cleared: the owner logging in must not wipe the guessers' count.
    await limiter.refund(RATE_LIMITS.loginAccount, account)
    await limiter.refund(RATE_LIMITS.loginIp, ip)
    return user
  }

  async function welcome(user: UserRow, { cartSessionId }: Attempt): Promise<UserRow> {
    if (cartSessionId) await mergeCart(cartSessionId, user.id)
    // Only here, after the right password: a returning buyer's guest orders join the account.
    await claimGuestOrders({
      userId: user.id,
      email: user.email,
      whatsapp: user.whatsapp,
      emailVerified: user.emailVerifiedAt !== null,
    })
    return user
  }

  return {
    /** A customer or the administrator, by e-mail and password; deactivated accounts fail. */
    login: async (attempt: Attempt) => welcome(await check(attempt, WRONG_CUSTOMER), attempt),

    /** The administrator's own form: any other account is refused with the same message. */
    async adminLogin(attempt: Attempt): Promise<UserRow> {
      const user = await check(attempt, WRONG_ADMIN)
      if (user.role !== 'superadmin') throw new AppError('unauthorized', WRONG_ADMIN)
      return welcome(user, attempt)
    },

    /**
     * The password of a logged-in account asked again before something irreversible (deleting
     * it), under the same limits as a login: a left-open session cannot guess its way through.
     */
    confirmPassword: (email: string, password: string, ip: string) =>
      check({ email, password, ip }, WRONG_PASSWORD),

    /** Sign-up, limited per IP so nobody fills the table with accounts. */
    async register(input: RegisterBody, ip: string): Promise<UserRow> {
      await limiter.consume(RATE_LIMITS.register, ip)
      return accounts.register(input)
    },
  }
}

export type LoginService = ReturnType<typeof createLoginService>
