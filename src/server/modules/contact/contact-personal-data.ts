import { and, desc, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { DataExport } from '../../../contracts/privacy.js'
import type { Db } from '../../db/client.js'
import { ANONYMOUS_NAME, anonymousEmailSql } from '../../lib/anonymous.js'
import { contactRequests } from './contact.tables.js'

/** What the owner's list shows in place of an erased request's words. */
export const ERASED_CONTACT_MESSAGE = 'Mensagem removida (dados pessoais apagados, LGPD).'

/**
 * What replaces the person's data on a request. The protocol and the date stay: they are the
 * owner's record that a request came in and when (Decreto 7.962/2013 asks for an answer in
 * 5 days), and alone they name nobody. The order number goes too: with it the request would
 * point back at an order, and a typed number may be someone else's.
 */
const anonymised = () => ({
  name: ANONYMOUS_NAME,
  email: anonymousEmailSql,
  orderId: null,
  message: ERASED_CONTACT_MESSAGE,
  anonymisedAt: sql`now()`,
})

/** The contact module's part of the LGPD requests and of the retention (decision 015). */
export function contactPersonalData(db: Db) {
  return {
    /** The requests sent under these e-mails (lowercase, as the form stores them), newest first. */
    async exportOf(emails: string[]): Promise<DataExport['contactRequests']> {
      if (emails.length === 0) return []
      const rows = await db
        .select()
        .from(contactRequests)
        .where(and(inArray(contactRequests.email, emails), isNull(contactRequests.anonymisedAt)))
        .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
      return rows.map((r) => ({
        protocol: r.protocol,
        name: r.name,
        email: r.email,
        orderId: r.orderId,
        message: r.message,
        createdAt: r.createdAt.toISOString(),
      }))
    },

    /** Inside the erasure's transaction: the requests under these e-mails lose their data. */
    async anonymise(tx: Db, emails: string[]): Promise<number> {
      if (emails.length === 0) return 0
      const rows = await tx
        .update(contactRequests)
        .set(anonymised())
        .where(and(inArray(contactRequests.email, emails), isNull(contactRequests.anonymisedAt)))
        .returning({ id: contactRequests.id })
      return rows.length
    },

    /**
     * Requests older than `retentionMs` lose their data: one idempotent UPDATE whose WHERE
     * excludes rows already done, so instances running it at once change each row once.
     */
    async anonymiseOlderThan(tx: Db, nowMs: number, retentionMs: number): Promise<number> {
      const rows = await tx
        .update(contactRequests)
        .set(anonymised())
        .where(
          and(
            lt(contactRequests.createdAt, new Date(nowMs - retentionMs)),
            isNull(contactRequests.anonymisedAt),
          ),
        )
        .returning({ id: contactRequests.id })
      return rows.length
    },
  }
}
