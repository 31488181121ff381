import type { ErasureAnswer } from '../../../contracts/privacy.js'
import { AppError } from '../../errors.js'
import type { Requester, privacyAudit } from './privacy-audit.js'
import {
  contactEmailsOf,
  messagesOf,
  reviewsOf,
  subscriptionsOf,
  type PrivacyDeps,
  type Subject,
} from './privacy-subject.js'

// The erasure (art. 18, VI): each module's part of the person's data, gone in one transaction.

export function privacyErasure(deps: PrivacyDeps, audit: ReturnType<typeof privacyAudit>['write']) {
  const { db, accounts, orders, purchases, canvaLinks, messaging, coupons, refunds } = deps
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
  return erase
}
