import { and, inArray, notInArray, or, sql } from 'drizzle-orm'
import type { DataExport } from '../../../contracts/privacy.js'
import type { Db } from '../../db/client.js'
import { ANONYMOUS_NAME, anonymousEmailSql } from '../../lib/anonymous.js'
import { subscriptionCycles, subscriptions } from './subscriptions.tables.js'

/** Whose subscriptions: those paid through her orders, and her account's. */
export interface SubscriptionOwner {
  orderIds: string[]
  userId: string | null
}

function ownedBy(owner: SubscriptionOwner) {
  const byOrders =
    owner.orderIds.length > 0
      ? inArray(
          subscriptions.id,
          sql`(SELECT ${subscriptionCycles.subscriptionId} FROM ${subscriptionCycles} WHERE ${inArray(subscriptionCycles.orderId, owner.orderIds)})`,
        )
      : undefined
  const byAccount = owner.userId ? sql`${subscriptions.userId} = ${owner.userId}` : undefined
  return byOrders || byAccount ? or(byOrders, byAccount) : undefined
}

/**
 * The subscriptions' part of the LGPD requests (decision 015): her subscriptions exported with
 * the name, e-mail, WhatsApp and CPF/CNPJ they keep; erased by anonymising those. An erased
 * subscription that was still live ends (nobody could be told of its charges), and its PIX
 * Automático authorisation is left for the renewal job to revoke at the provider.
 */
export function subscriptionPersonalData(db: Db) {
  return {
    async exportOf(owner: SubscriptionOwner): Promise<DataExport['subscriptions']> {
      const where = ownedBy(owner)
      if (!where) return []
      const rows = await db.select().from(subscriptions).where(where)
      return rows.map((s) => ({
        id: s.id,
        planId: s.planId,
        status: s.status,
        method: s.method,
        customerName: s.customerName,
        email: s.email,
        whatsapp: s.customerWhatsapp,
        taxId: s.taxId,
        createdAt: s.createdAt.toISOString(),
        cancelledAt: s.cancelledAt?.toISOString() ?? null,
      }))
    },

    async anonymise(tx: Db, owner: SubscriptionOwner): Promise<void> {
      const where = ownedBy(owner)
      if (!where) return
      await tx
        .update(subscriptions)
        .set({
          status: 'encerrada',
          endedAt: sql`now()`,
          cancelledAt: sql`coalesce(${subscriptions.cancelledAt}, now())`,
          revokePendingAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(where, notInArray(subscriptions.status, ['encerrada'])))
      await tx
        .update(subscriptions)
        .set({
          customerName: ANONYMOUS_NAME,
          email: anonymousEmailSql,
          customerWhatsapp: '',
          taxId: null,
        })
        .where(where)
    },
  }
}
