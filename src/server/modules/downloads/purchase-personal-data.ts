import { and, asc, inArray, isNotNull, lt, sql } from 'drizzle-orm'
import type { DataExport } from '../../../contracts/privacy.js'
import type { Db } from '../../db/client.js'
import { anonymousEmailSql } from '../../lib/anonymous.js'
import { downloadLog, purchases } from './downloads.tables.js'

/** Marco Civil da Internet, art. 15: access records are kept six months, then dropped. */
export const DOWNLOAD_IP_RETENTION_MONTHS = 6

/** The downloads module's part of the LGPD requests and of the download log's retention. */
export function purchasePersonalData(db: Db) {
  return {
    /** The purchases of these orders and when each was downloaded (not from where). */
    async exportOf(
      orderIds: string[],
    ): Promise<Pick<DataExport, 'purchases' | 'downloads'> & { purchaseIds: number[] }> {
      if (orderIds.length === 0) return { purchases: [], downloads: [], purchaseIds: [] }
      const rows = await db
        .select()
        .from(purchases)
        .where(inArray(purchases.orderId, orderIds))
        .orderBy(asc(purchases.id))
      const ids = rows.map((p) => p.id)
      const log = ids.length
        ? await db
            .select({ productId: downloadLog.productId, at: downloadLog.createdAt })
            .from(downloadLog)
            .where(inArray(downloadLog.purchaseId, ids))
            .orderBy(asc(downloadLog.createdAt))
        : []
      return {
        purchaseIds: ids,
        purchases: rows.map((p) => ({
          orderId: p.orderId,
          productId: p.productId,
          downloadCount: p.downloadCount,
          maxDownloads: p.maxDownloads,
          createdAt: p.createdAt.toISOString(),
          revokedAt: p.revokedAt?.toISOString() ?? null,
        })),
        downloads: log.map((d) => ({ productId: d.productId, at: d.at.toISOString() })),
      }
    },

    /**
     * Inside the erasure's transaction: the purchases of these orders end (no more downloads),
     * lose the e-mail, and their downloads lose the IP. Counts stay for the reports.
     */
    async anonymise(tx: Db, orderIds: string[]): Promise<void> {
      if (orderIds.length === 0) return
      const rows = await tx
        .update(purchases)
        .set({
          customerEmail: anonymousEmailSql,
          revokedAt: sql`coalesce(${purchases.revokedAt}, now())`,
        })
        .where(inArray(purchases.orderId, orderIds))
        .returning({ id: purchases.id })
      if (rows.length === 0) return
      await tx
        .update(downloadLog)
        .set({ ip: null })
        .where(
          inArray(
            downloadLog.purchaseId,
            rows.map((r) => r.id),
          ),
        )
    },

    /**
     * Drops the IP of downloads older than six months by `now`. Idempotent (a row loses its IP
     * once; another instance running it at the same time finds nothing left to change).
     */
    async dropOldIps(now: Date): Promise<number> {
      const cutoff = new Date(now)
      cutoff.setMonth(cutoff.getMonth() - DOWNLOAD_IP_RETENTION_MONTHS)
      const rows = await db
        .update(downloadLog)
        .set({ ip: null })
        .where(and(isNotNull(downloadLog.ip), lt(downloadLog.createdAt, cutoff)))
        .returning({ id: downloadLog.id })
      return rows.length
    },
  }
}
