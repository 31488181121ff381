import type {
  DataExport,
  ErasureAnswer,
  PrivacyAuditEntry,
  PrivacyLookupAnswer,
} from '../../../contracts/privacy.js'
import { AppError } from '../../errors.js'
import { UNPAID_ORDER_RETENTION_MS } from '../orders/orders.service.js'
import { privacyAudit } from './privacy-audit.js'
import { privacyErasure } from './privacy-erasure.js'
import { privacyExport } from './privacy-export.js'
import { addressesOf, privacySubjects, type PrivacyDeps } from './privacy-subject.js'

export { hashEmail } from './privacy-audit.js'
export type { PrivacyDeps } from './privacy-subject.js'

/**
 * The LGPD requests (art. 18) put together from each module's own part (decision 015): export,
 * erasure, and the retention jobs. A customer acts on their account and the orders it owns; the
 * admin, answering a request that arrived by WhatsApp or e-mail, on everything under an e-mail.
 */
export function createPrivacyService(deps: PrivacyDeps) {
  const { db, orders, purchases, messaging, coupons } = deps
  const now = deps.now ?? (() => new Date())
  const audit = privacyAudit(db, now)
  const subjectOf = privacySubjects(deps)
  const exportOf = privacyExport(deps, now)
  const erase = privacyErasure(deps, audit.write)

  return {
    /** GET /api/user/data-export: the logged-in customer's own data. */
    async exportOwn(userId: string): Promise<DataExport> {
      const subject = await subjectOf({ userId })
      const answer = await exportOf(subject)
      await audit.write(db, 'export', subject.email, { via: 'customer' })
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
      await audit.write(db, 'export', email, { via: 'admin', adminId })
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
    auditList: (limit?: number): Promise<PrivacyAuditEntry[]> => audit.list(limit),

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
