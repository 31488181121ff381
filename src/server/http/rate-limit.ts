import { isIP, isIPv6 } from 'node:net'
import { CONTACT_COPIES_PER_DAY } from '../../contracts/contact.js'
import { AppError } from '../errors.js'
import { unmapped } from '../lib/outbound-address.js'

/** How many attempts one subject (an e-mail, an IP) may make in a fixed window. */
export interface RateLimitPolicy {
  /** Part of the counter's key: each policy counts on its own. */
  name: string
  limit: number
  windowMs: number
}

/**
 * A ceiling that slows rather than refuses: past `limit` attempts in the window, each one waits
 * `stepMs` longer than the one before, never more than `maxMs`.
 */
export interface SlowdownPolicy extends RateLimitPolicy {
  stepMs: number
  maxMs: number
}

const MINUTE = 60_000

/**
 * The store's limits. Logins (decision 011) count per account and IP (refuses the address that
 * guesses at one teacher, never the teacher elsewhere), per IP (refuses one machine trying many
 * accounts; a school's shared IP is why it is higher) and per account across every IP (slows a
 * guess spread over many machines, without ever refusing the owner).
 */
export const RATE_LIMITS = {
  loginAccountIp: { name: 'login-account-ip', limit: 10, windowMs: 15 * MINUTE },
  loginIp: { name: 'login-ip', limit: 30, windowMs: 15 * MINUTE },
  loginAccount: {
    name: 'login-account',
    limit: 20,
    windowMs: 15 * MINUTE,
    stepMs: 1000,
    maxMs: 10_000,
  },
  register: { name: 'register-ip', limit: 10, windowMs: 60 * MINUTE },
  /** 'Esqueci minha senha': one machine asking for many accounts, or one inbox being flooded. */
  passwordResetIp: { name: 'password-reset-ip', limit: 10, windowMs: 15 * MINUTE },
  passwordResetEmail: { name: 'password-reset-email', limit: 3, windowMs: 15 * MINUTE },
  /** For the guest purchase lookup (email + WhatsApp), which must not be a way to enumerate. */
  guestLookup: { name: 'guest-lookup-ip', limit: 20, windowMs: 15 * MINUTE },
  /** Guest downloads prove ownership the same way; successes are given back, as for logins. */
  guestDownload: { name: 'guest-download-ip', limit: 20, windowMs: 15 * MINUTE },
  /** 'Receber código por e-mail': as the password reset, per machine and per inbox. */
  guestCodeIp: { name: 'guest-code-ip', limit: 10, windowMs: 15 * MINUTE },
  guestCodeEmail: { name: 'guest-code-email', limit: 3, windowMs: 15 * MINUTE },
  /** Codes typed and access links opened: every try counts (a code also has its own 5). */
  guestVerifyIp: { name: 'guest-verify-ip', limit: 20, windowMs: 15 * MINUTE },
  /** An account's e-mail verification: codes typed (each code also has its own 5), resends. */
  emailVerifyIp: { name: 'email-verify-ip', limit: 20, windowMs: 15 * MINUTE },
  emailCodeResendIp: { name: 'email-code-resend-ip', limit: 10, windowMs: 15 * MINUTE },
  emailCodeResendAccount: { name: 'email-code-resend-account', limit: 3, windowMs: 15 * MINUTE },
  /** Free materials need no account: this bounds what one machine pulls (a school shares one IP). */
  freeDownload: { name: 'free-download-ip', limit: 30, windowMs: 15 * MINUTE },
  /**
   * Coupon codes tried from one machine, at 'Aplicar' and with an order alike; a code that
   * applies gives its attempt back, so only failures add up. A buyer mistypes a code a few
   * times; 20 wrong codes in 15 min is guessing (400 in 2 s were seen).
   */
  couponCheckIp: { name: 'coupon-check-ip', limit: 20, windowMs: 15 * MINUTE },
  /**
   * Guest orders (each sends e-mails to an address the buyer typed, unproven) per machine and
   * per e-mail. 20 an hour leaves room for a school's teachers behind one IP; 5 an hour to one
   * address covers a buyer who retries or splits a purchase, and keeps that inbox from being
   * flooded (50 orders from one address sent 150 e-mails).
   */
  guestCheckoutIp: { name: 'guest-checkout-ip', limit: 20, windowMs: 60 * MINUTE },
  guestCheckoutEmail: { name: 'guest-checkout-email', limit: 5, windowMs: 60 * MINUTE },
  /**
   * 'Já paguei' per machine: each first claim of an order e-mails the owner; a buyer taps it
   * once or twice per order, so 20 an hour from one address is plenty, and bounds the alerts.
   */
  paidClaimIp: { name: 'paid-claim-ip', limit: 20, windowMs: 60 * MINUTE },
  /** The footer's opt-in sends a confirmation e-mail to an address typed by anyone. */
  newsletterSubscribeIp: { name: 'newsletter-subscribe-ip', limit: 10, windowMs: 60 * MINUTE },
  /** Checkout drafts (the abandoned-checkout e-mail): a buyer types and edits a few times. */
  checkoutDraftIp: { name: 'checkout-draft-ip', limit: 30, windowMs: 60 * MINUTE },
  /** 'Fale conosco': each request e-mails the owner and an address typed by anyone. */
  contactIp: { name: 'contact-ip', limit: 5, windowMs: 15 * MINUTE },
  /**
   * The receipt of a 'Fale conosco' request, per address typed: past it the request is still
   * taken (the owner gets it), and the address no more receipts that day.
   */
  contactCopyEmail: {
    name: 'contact-copy-email',
    limit: CONTACT_COPIES_PER_DAY,
    windowMs: 24 * 60 * MINUTE,
  },
} as const satisfies Record<string, RateLimitPolicy | SlowdownPolicy>

/**
 * What a limit counts of a client's address: an IPv4 address whole; an IPv6 one by its /64.
 * A home or phone line is handed a whole /64 and picks its addresses in it at will (privacy
 * extensions), so counting each address apart would give one machine 2^64 fresh counters.
 * An IPv4 address written as IPv6 (::ffff:a.b.c.d, from a dual-stack socket) counts as IPv4.
 */
export function addressSubject(ip: string): string {
  const address = unmapped(ip.split('%')[0]!)
  if (!isIPv6(address)) return address
  return `${hextets(address).slice(0, 4).join(':')}::/64`
}

/** The eight groups of an IPv6 address, '::' filled in, each without leading zeros. */
function hextets(address: string): string[] {
  const groups = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [group]
          // An IPv4 address as the last 32 bits: two groups.
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number]
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)]
        })
  const [head = '', tail] = address.split('::')
  const before = groups(head)
  const after = tail === undefined ? [] : groups(tail)
  const zeros = Array<string>(8 - before.length - after.length).fill('0')
  return [...before, ...zeros, ...after].map((g) => parseInt(g, 16).toString(16))
}

/** Counters in fixed windows: the first hit opens a window of `windowMs`; it then expires. */
export interface CounterStore {
  increment(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>
  /** One less, if the window is still open. */
  decrement(key: string): Promise<void>
  reset(key: string): Promise<void>
}

/**
 * `limits` replaces some policies' limits by name. Only the in-process tests use it: all their
 * requests come from one address, so a file placing 30 guest orders would meet the production
 * ceiling; the tests of each limit run with the real numbers.
 */
export function createRateLimiter(store: CounterStore, limits: Record<string, number> = {}) {
  // A subject that is an address counts by what addressSubject keeps of it.
  const keyOf = (policy: RateLimitPolicy, subject: string) =>
    `rl:${policy.name}:${(isIP(subject) ? addressSubject(subject) : subject).toLowerCase()}`
  const limitOf = (policy: RateLimitPolicy) => limits[policy.name] ?? policy.limit
  return {
    /**
     * Counts one attempt of `subject`. Counting before the attempt (not after a failure) keeps
     * a burst of parallel requests from all slipping under the limit.
     */
    async consume(policy: RateLimitPolicy, subject: string): Promise<void> {
      const { count, resetInMs } = await store.increment(keyOf(policy, subject), policy.windowMs)
      if (count > limitOf(policy)) throw tooManyAttempts(resetInMs)
    },
    /**
     * Counts one attempt of `subject`, like `consume`, and answers whether it is within the
     * limit instead of refusing: for a step left out past it (the rest of the request goes on).
     */
    async allows(policy: RateLimitPolicy, subject: string): Promise<boolean> {
      const { count } = await store.increment(keyOf(policy, subject), policy.windowMs)
      return count <= limitOf(policy)
    },
    /**
     * Counts one attempt of `subject` and answers how long to hold it before answering; never
     * refuses. Counted first, like `consume`, so a parallel burst gets the waits it earned.
     */
    async slowdown(policy: SlowdownPolicy, subject: string): Promise<number> {
      const { count } = await store.increment(keyOf(policy, subject), policy.windowMs)
      return Math.min(policy.maxMs, Math.max(0, count - policy.limit) * policy.stepMs)
    },
    /** Gives one attempt back: a success that should not count against a shared subject. */
    refund: (policy: RateLimitPolicy, subject: string) => store.decrement(keyOf(policy, subject)),
    reset: (policy: RateLimitPolicy, subject: string) => store.reset(keyOf(policy, subject)),
  }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>

export function tooManyAttempts(resetInMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(resetInMs / MINUTE))
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000))
  return new AppError(
    'too_many_requests',
    `Muitas tentativas. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
    { 'retry-after': String(seconds) },
  )
}

/** One process's counters; enough for a single instance, shared through Redis otherwise. */
export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>()
  private nextSweep = 0

  /** `now` is the clock windows are measured on; tests pass their own. */
  constructor(private readonly now: () => number = () => Date.now()) {}

  async increment(key: string, windowMs: number) {
    const now = this.now()
    this.sweep(now)
    let counter = this.counters.get(key)
    if (!counter || counter.resetAt <= now) {
      counter = { count: 0, resetAt: now + windowMs }
      this.counters.set(key, counter)
    }
    counter.count += 1
    return { count: counter.count, resetInMs: counter.resetAt - now }
  }

  async decrement(key: string) {
    const counter = this.counters.get(key)
    if (counter && counter.resetAt > this.now() && counter.count > 0) counter.count -= 1
  }

  async reset(key: string) {
    this.counters.delete(key)
  }

  /** Drops closed windows now and then, so a flood of one-off IPs does not grow the map forever. */
  private sweep(now: number) {
    if (now < this.nextSweep) return
    this.nextSweep = now + MINUTE
    for (const [key, counter] of this.counters) {
      if (counter.resetAt <= now) this.counters.delete(key)
    }
  }
}
