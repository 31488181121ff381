import { desc } from 'drizzle-orm'
import { createHash } from 'node:crypto'
import type { NewsletterService } from '../newsletter/newsletter.service.js'
import type {
  DataExport,
  ErasureAnswer,
  PrivacyAuditEntry,
  PrivacyLookupAnswer,
} from '../../../contracts/privacy.js'
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
import {
  UNPAID_ORDER_RETENTION_MS,
  type OrderOwner,
  type OrdersService,
} from '../orders/orders.service.js'
import type { RefundsService } from '../refunds/refunds.service.js'
import type { ReviewsService } from '../reviews/reviews.service.js'
import type { FavoritesService } from '../favorites/favorites.service.js'
import type { StampingService } from '../stamping/stamping.service.js'
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.js'
import { privacyRequests } from './privacy.tables.js'

export const hashEmail = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex')

/** Who a request is about, read before any transaction opens (PGlite runs one query at a time). */
interface Subject {
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

type Requester = { via: 'customer' } | { via: 'admin'; adminId: string }

/**
 * The LGPD requests (art. 18) put together from each module's own part (decision 015): export,
 * erasure, and the retention jobs. A customer acts on their account and the orders it owns; the
 * admin, answering a request that arrived by WhatsApp or e-mail, on everything under an e-mail.
 */
export function createPrivacyService(deps: {
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
}) {
  const { db, accounts, orders, purchases, canvaLinks, messaging, coupons, refunds } = deps
  const now = deps.now ?? (() => new Date())

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

  /** The person's messages: about their orders, and, with the e-mail proved, to their addresses. */
  const messagesOf = (subject: Subject) => ({
    addresses: addressesOf(subject),
    orderIds: subject.orders.map((o) => o.id),
    ordersOnly: !subject.emailProved,
    accountId: subject.account?.id ?? null,
  })

  /**
   * The e-mails whose 'Fale conosco' requests are the person's. The form does not prove the
   * address (anyone may type any), so only a proved e-mail reaches them, as with messages.
   */
  const contactEmailsOf = (subject: Subject) =>
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
  const reviewsOf = (subject: Subject) => ({
    emails: contactEmailsOf(subject),
    orderIds: subject.orders.map((o) => o.id),
  })

  /** The e-mails and WhatsApp numbers the person used, as the outbox addresses them. */
  function addressesOf(subject: Subject): string[] {
    const emails = [subject.email, ...subject.orders.map((o) => o.email)]
    const numbers = [subject.account?.whatsapp ?? '', ...subject.orders.map((o) => o.whatsapp)]
      .map((n) => normaliseWhatsapp(n))
      .filter((n): n is string => n !== null)
    return [...new Set([...emails.map((e) => e.toLowerCase()), ...numbers])]
  }

  /** Her subscriptions: paid through the orders she owns, or her account's. */
  const subscriptionsOf = (subject: Subject) => ({
    orderIds: subject.orders.map((o) => o.id),
    userId: subject.account?.id ?? null,
  })

  async function exportOf(subject: Subject): Promise<DataExport> {
    const orderIds = subject.orders.map((o) => o.id)
    const bought = await purchases.personalData.exportOf(orderIds)
    const { account } = subject
    return {
      exportedAt: now().toISOString(),
      email: subject.email,
      profile: account && {
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        whatsapp: account.whatsapp,
        createdAt: account.createdAt.toISOString(),
      },
      orders: await orders.personalData.exportOf(orderIds),
      purchases: bought.purchases,
      downloads: bought.downloads,
      canvaLinks: await canvaLinks.personalData.exportOf(bought.purchaseIds),
      messages: await messaging.personalData.exportOf(messagesOf(subject)),
      sessions: account
        ? (await deps.sessions.datesOf(account.id)).map((s) => ({
            createdAt: s.createdAt?.toISOString() ?? null,
            expiresAt: s.expiresAt.toISOString(),
          }))
        : [],
      couponUses: await coupons.personalData.exportOf(orderIds),
      refunds: await refunds.personalData.exportOf(orderIds),
      newsletter: (await deps.newsletter?.subscribers.exportOf(subject.email)) ?? null,
      contactRequests: await deps.contact.personalData.exportOf(contactEmailsOf(subject)),
      reviews: await deps.reviews.personalData.exportOf(reviewsOf(subject)),
      // A draft's e-mail was only typed at checkout: only a proved e-mail reaches it.
      checkoutDrafts: await deps.abandoned.personalData.exportOf(contactEmailsOf(subject)),
      subscriptions: await deps.subscriptions.personalData.exportOf(subscriptionsOf(subject)),
      favorites: subject.account
        ? await deps.favorites.personalData.exportOf(subject.account.id)
        : [],
      favoritesSharing: subject.account
        ? await deps.favorites.personalData.sharingOf(subject.account.id)
        : null,
    }
  }

  const audit = (tx: Db, action: 'export' | 'erasure', email: string, by: Requester) =>
    tx.insert(privacyRequests).values({
      action,
      requestedVia: by.via,
      adminId: by.via === 'admin' ? by.adminId : null,
      emailHash: hashEmail(email),
      createdAt: now(),
    })

  /**
   * Everything erasable about `subject`, in ONE transaction, so nothing is ever half-erased:
   * the account, the orders' buyer data, the purchases (downloads end), stamped copies, Canva
   * links, messages, e-mailed accesses, 'Fale conosco' requests, reviews, checkout drafts and
   * favourites;
   * and the audit line. Sessions end after it commits, in whichever store holds them (the
   * account is inactive from the commit on regardless), and the catalogue recounts its stars.
   */
  async function erase(subject: Subject, by: Requester): Promise<ErasureAnswer> {
    if (subject.account?.role === 'superadmin') {
      throw new AppError('forbidden', 'A conta de um administrador não pode ser removida aqui')
    }
    const orderIds = subject.orders.map((o) => o.id)
    const bought = await purchases.personalData.exportOf(orderIds)
    const messages = messagesOf(subject)
    const { account } = subject
    const result = await db.transaction(async (tx) => {
      const accountErased = account
        ? await accounts.personalData.anonymise(tx, account.id, account.email)
        : false
      const ordersAnonymised = await orders.personalData.anonymise(tx, orderIds)
      await purchases.personalData.anonymise(tx, orderIds)
      // Stamped PDFs carry the buyer's name and e-mail: revoked, they leave storage at cleanup.
      for (const id of orderIds) await deps.stamping.orderEffects.closed(tx, id)
      await canvaLinks.personalData.anonymise(tx, bought.purchaseIds)
      await messaging.personalData.erase(tx, messages)
      await coupons.personalData.anonymise(tx, orderIds)
      await refunds.personalData.anonymise(tx, orderIds)
      await deps.newsletter?.subscribers.erase(tx, subject.email)
      await deps.contact.personalData.anonymise(tx, contactEmailsOf(subject))
      const reviewsDeleted = await deps.reviews.personalData.erase(tx, reviewsOf(subject))
      await deps.abandoned.personalData.erase(tx, contactEmailsOf(subject))
      await deps.subscriptions.personalData.anonymise(tx, subscriptionsOf(subject))
      if (account) await deps.favorites.personalData.erase(tx, account.id)
      // The e-mailed accesses belong to whoever holds the inbox: only a proved e-mail voids them.
      if (subject.emailProved) await deps.guestAccess.eraseFor(tx, subject.email)
      await audit(tx, 'erasure', subject.email, by)
      return { accountErased, ordersAnonymised, reviewsDeleted }
    })
    // Only once committed: the catalogue recounting earlier would still see her reviews.
    if (result.reviewsDeleted > 0) deps.reviews.personalData.erased()
    if (account) await deps.sessions.endAllFor(account.id)
    return {
      success: true,
      message:
        'Dados pessoais removidos. Os registros fiscais do pedido foram mantidos sem identificação.',
      accountErased: result.accountErased,
      ordersAnonymised: result.ordersAnonymised,
    }
  }

  return {
    /** GET /api/user/data-export: the logged-in customer's own data. */
    async exportOwn(userId: string): Promise<DataExport> {
      const subject = await subjectOf({ userId })
      const answer = await exportOf(subject)
      await audit(db, 'export', subject.email, { via: 'customer' })
      return answer
    },

    /** POST /api/user/delete-account: the password again (rate-limited as a login), then erasure. */
    async deleteOwn(userId: string, password: string, ip: string): Promise<ErasureAnswer> {
      const subject = await subjectOf({ userId })
      const confirmed = await deps.login.confirmPassword(subject.email, password, ip)
      if (confirmed.id !== userId) throw new AppError('unauthorized', 'Senha incorreta')
      return erase(subject, { via: 'customer' })
    },

    /** The admin's export of an e-mail (an account, a guest buyer, or both). */
    async exportByAdmin(email: string, adminId: string): Promise<DataExport> {
      const subject = await subjectOf({ email })
      const answer = await exportOf(subject)
      await audit(db, 'export', email, { via: 'admin', adminId })
      return answer
    },

    /** The admin's erasure of an e-mail, for a request that arrived by WhatsApp or e-mail. */
    async eraseByAdmin(email: string, adminId: string): Promise<ErasureAnswer> {
      return erase(await subjectOf({ email }), { via: 'admin', adminId })
    },

    /** What the store holds under an e-mail, for the admin to find the person first. */
    async lookup(email: string): Promise<PrivacyLookupAnswer> {
      const subject = await subjectOf({ email })
      const orderIds = subject.orders.map((o) => o.id)
      const bought = await purchases.personalData.exportOf(orderIds)
      return {
        email,
        hasAccount: subject.account !== null,
        orders: orderIds.length,
        purchases: bought.purchases.length,
        messages: await messaging.personalData.countOf({
          addresses: addressesOf(subject),
          orderIds,
        }),
      }
    },

    /** The audit, newest first. */
    async auditList(limit = 200): Promise<PrivacyAuditEntry[]> {
      const rows = await db
        .select()
        .from(privacyRequests)
        .orderBy(desc(privacyRequests.createdAt), desc(privacyRequests.id))
        .limit(limit)
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }))
    },

    /**
     * The retention jobs (decision 015): unpaid orders past 90 days lose their buyer's data and
     * the messages about them; 'Fale conosco' requests past the same 90 days lose their name,
     * e-mail and words (they hold no fiscal record to keep); download IPs past six months are
     * dropped. Each step is an
     * idempotent UPDATE or DELETE, so instances running it at once do the work once between them.
     */
    async applyRetention(): Promise<{
      ordersAnonymised: number
      contactRequestsAnonymised: number
      ipsDropped: number
    }> {
      const at = now()
      const ids = await db.transaction(async (tx) => {
        const anonymised = await orders.personalData.anonymiseUnpaid(tx, at.getTime())
        await messaging.personalData.erase(tx, { addresses: [], orderIds: anonymised })
        await coupons.personalData.anonymise(tx, anonymised)
        return anonymised
      })
      const contactRequestsAnonymised = await db.transaction((tx) =>
        deps.contact.personalData.anonymiseOlderThan(tx, at.getTime(), UNPAID_ORDER_RETENTION_MS),
      )
      const ipsDropped = await purchases.personalData.dropOldIps(at)
      return { ordersAnonymised: ids.length, contactRequestsAnonymised, ipsDropped }
    },
  }
}

export type PrivacyService = ReturnType<typeof createPrivacyService>
