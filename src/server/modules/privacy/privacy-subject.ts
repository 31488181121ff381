import type { NewsletterService } from '../newsletter/newsletter.service.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { normaliseWhatsapp } from '../../lib/phone.js'
import type { AccountsService } from '../accounts/accounts.service.js'
import type { LoginService } from '../accounts/login.service.js'
import type { SessionService } from '../accounts/sessions.service.js'
import type { AbandonedService } from '../abandoned/abandoned.service.js'
import type { ContactService } from '../contact/contact.service.js'
import type { CanvaLinksService } from '../canva/canva-links.service.js'
import type { CouponsService } from '../coupons/coupons.service.js'
import type { PurchasesService } from '../downloads/purchases.service.js'
import type { GuestAccessService } from '../guest-access/guest-access.service.js'
import type { MessagingService } from '../messaging/messaging.service.js'
import type { OrderOwner, OrdersService } from '../orders/orders.service.js'
import type { RefundsService } from '../refunds/refunds.service.js'
import type { ReviewsService } from '../reviews/reviews.service.js'
import type { FavoritesService } from '../favorites/favorites.service.js'
import type { StampingService } from '../stamping/stamping.service.js'
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.js'

// Who an LGPD request is about, and what of each module's data reaches them: read once,
// before any transaction, and shared by the export, the erasure and the admin's look-up.

/** Each module's part of the LGPD requests (decision 015), as the privacy service takes them. */
export interface PrivacyDeps {
  db: Db
  accounts: AccountsService
  login: Pick<LoginService, 'confirmPassword'>
  sessions: Pick<SessionService, 'datesOf' | 'endAllFor'>
  orders: Pick<OrdersService, 'personalData'>
  purchases: Pick<PurchasesService, 'personalData'>
  canvaLinks: Pick<CanvaLinksService, 'personalData'>
  stamping: Pick<StampingService, 'orderEffects'>
  messaging: Pick<MessagingService, 'personalData'>
  coupons: Pick<CouponsService, 'personalData'>
  refunds: Pick<RefundsService, 'personalData'>
  guestAccess: Pick<GuestAccessService, 'eraseFor'>
  /** The newsletter consent (when, where, confirmed, ended): exported, and erased. */
  newsletter?: Pick<NewsletterService, 'subscribers'>
  /** The 'Fale conosco' requests: exported, erased, and kept no longer than unpaid orders. */
  contact: Pick<ContactService, 'personalData'>
  /** Her reviews: exported, and deleted (the catalogue's stars recounted after the commit). */
  reviews: Pick<ReviewsService, 'personalData'>
  /** Her abandoned-checkout drafts: exported, and deleted. */
  abandoned: Pick<AbandonedService, 'personalData'>
  /** Her clube subscriptions (name, e-mail, WhatsApp, CPF/CNPJ): exported, and anonymised. */
  subscriptions: Pick<SubscriptionsService, 'personalData'>
  /** Her account's favourites: exported, and deleted. */
  favorites: Pick<FavoritesService, 'personalData'>
  now?: () => Date
}

/** Who a request is about, read before any transaction opens (PGlite runs one query at a time). */
export interface Subject {
  email: string
  /** The live account under that e-mail, if any. */
  account: NonNullable<Awaited<ReturnType<AccountsService['findById']>>> | null
  orders: { id: string; email: string; whatsapp: string }[]
  /**
   * Whether the request may reach everything under the e-mail (messages sent to it, its
   * e-mailed accesses): the admin's, or an account that verified it. An unverified account
   * reaches what it owns only (decision 026).
   */
  emailProved: boolean
}

/** The person a request names: by their logged-in account, or (the admin) by an e-mail. */
export function privacySubjects(deps: Pick<PrivacyDeps, 'accounts' | 'orders'>) {
  const { accounts, orders } = deps
  async function subjectOf(owner: { userId: string } | { email: string }): Promise<Subject> {
    const account =
      'userId' in owner
        ? await accounts.findById(owner.userId)
        : await accounts.findByEmail(owner.email)
    if ('userId' in owner && !account?.isActive) {
      throw new AppError('unauthorized', 'Faça login para continuar')
    }
    // A customer reaches only the orders their account owns: the address alone must not open
    // someone else's guest orders (verifying the e-mail joins them to the account; 026).
    const orderOwner: OrderOwner =
      'userId' in owner
        ? { userId: owner.userId }
        : { email: owner.email, userId: account?.id ?? null }
    const email = 'email' in owner ? owner.email : account!.email
    const usable = account?.isActive ? account : null
    const emailProved = 'email' in owner || account?.emailVerifiedAt != null
    return {
      email,
      account: usable,
      orders: await orders.personalData.ownedBy(orderOwner),
      emailProved,
    }
  }
  return subjectOf
}

/** The person's messages: about their orders, and, with the e-mail proved, to their addresses. */
export const messagesOf = (subject: Subject) => ({
  addresses: addressesOf(subject),
  orderIds: subject.orders.map((o) => o.id),
  ordersOnly: !subject.emailProved,
  accountId: subject.account?.id ?? null,
})

/**
 * The e-mails whose 'Fale conosco' requests are the person's. The form does not prove the
 * address (anyone may type any), so only a proved e-mail reaches them, as with messages.
 */
export const contactEmailsOf = (subject: Subject) =>
  subject.emailProved
    ? [
        ...new Set(
          [subject.email, ...subject.orders.map((o) => o.email)].map((e) => e.toLowerCase()),
        ),
      ]
    : []

/**
 * Her reviews: those under her proved e-mails, as with the 'Fale conosco' requests, and those
 * written from the purchases of the orders she owns (as messages about her orders reach her
 * with the e-mail unproved): the review's order is the purchase that let her write it.
 */
export const reviewsOf = (subject: Subject) => ({
  emails: contactEmailsOf(subject),
  orderIds: subject.orders.map((o) => o.id),
})

/** The e-mails and WhatsApp numbers the person used, as the outbox addresses them. */
export function addressesOf(subject: Subject): string[] {
  const emails = [subject.email, ...subject.orders.map((o) => o.email)]
  const numbers = [subject.account?.whatsapp ?? '', ...subject.orders.map((o) => o.whatsapp)]
    .map((n) => normaliseWhatsapp(n))
    .filter((n): n is string => n !== null)
  return [...new Set([...emails.map((e) => e.toLowerCase()), ...numbers])]
}

/** Her subscriptions: paid through the orders she owns, or her account's. */
export const subscriptionsOf = (subject: Subject) => ({
  orderIds: subject.orders.map((o) => o.id),
  userId: subject.account?.id ?? null,
})
