import type { RegisterBody } from '../../../contracts/accounts.js'
import { AppError } from '../../errors.js'
import { RATE_LIMITS, type RateLimiter } from '../../http/rate-limit.js'
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

const WRONG_CUSTOMER = 'Email ou senha incorretos'
const WRONG_ADMIN = 'Credenciais inválidas'

/** Where each kind of account lands after logging in (SPEC.md section 2). */
export const landingOf = (user: Pick<UserRow, 'role'>) =>
  user.role === 'superadmin' ? '/admin' : '/dashboard'

/**
 * Logins and sign-ups under the rate limits. Attempts count per account and per IP before the
 * password is checked; a success clears the account's count and gives the IP its attempt back,
 * so only failures add up. A success also brings the browser's guest cart into the account.
 */
export function createLoginService(
  accounts: AccountsService,
  limiter: RateLimiter,
  mergeCart: MergeCart,
) {
  async function check(attempt: Attempt, failure: string): Promise<UserRow> {
    const { email, password, ip } = attempt
    const account = email.trim().toLowerCase()
    await limiter.consume(RATE_LIMITS.loginIp, ip)
    await limiter.consume(RATE_LIMITS.loginAccount, account)
    const user = await accounts.authenticate(account, password)
    if (!user) throw new AppError('unauthorized', failure)
    await limiter.reset(RATE_LIMITS.loginAccount, account)
    await limiter.refund(RATE_LIMITS.loginIp, ip)
    return user
  }

  async function welcome(user: UserRow, { cartSessionId }: Attempt): Promise<UserRow> {
    if (cartSessionId) await mergeCart(cartSessionId, user.id)
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

    /** Sign-up, limited per IP so nobody fills the table with accounts. */
    async register(input: RegisterBody, ip: string): Promise<UserRow> {
      await limiter.consume(RATE_LIMITS.register, ip)
      return accounts.register(input)
    },
  }
}

export type LoginService = ReturnType<typeof createLoginService>
