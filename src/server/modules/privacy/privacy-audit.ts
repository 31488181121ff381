import { desc } from 'drizzle-orm'
import { createHash } from 'node:crypto'
import type { PrivacyAuditEntry } from '../../../contracts/privacy.js'
import type { Db } from '../../db/client.js'
import { privacyRequests } from './privacy.tables.js'

// The audit of the LGPD requests: one line per export or erasure, naming the person only by
// their e-mail's hash (the audit outlives the erasure it records).

export const hashEmail = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex')

export type Requester = { via: 'customer' } | { via: 'admin'; adminId: string }

export const privacyAudit = (db: Db, now: () => Date) => ({
  write: (tx: Db, action: 'export' | 'erasure', email: string, by: Requester) =>
    tx.insert(privacyRequests).values({
      action,
      requestedVia: by.via,
      adminId: by.via === 'admin' ? by.adminId : null,
      emailHash: hashEmail(email),
      createdAt: now(),
    }),

  /** The audit, newest first. */
  async list(limit = 200): Promise<PrivacyAuditEntry[]> {
    const rows = await db
      .select()
      .from(privacyRequests)
      .orderBy(desc(privacyRequests.createdAt), desc(privacyRequests.id))
      .limit(limit)
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }))
  },
})
