import type { DataExport } from '../../../contracts/privacy.js'
import {
  contactEmailsOf,
  messagesOf,
  reviewsOf,
  subscriptionsOf,
  type PrivacyDeps,
  type Subject,
} from './privacy-subject.js'

// The data export (art. 18, II): each module's part of the person's data, in one document.

export function privacyExport(deps: PrivacyDeps, now: () => Date) {
  const { orders, purchases, canvaLinks, messaging, coupons, refunds } = deps
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
  return exportOf
}
