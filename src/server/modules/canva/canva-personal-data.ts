import { asc, inArray } from 'drizzle-orm'
import type { DataExport } from '../../../contracts/privacy.js'
import type { Db } from '../../db/client.js'
import { canvaLinks } from './canva.tables.js'

/** The Canva module's part of the LGPD requests: the links a person's purchases granted. */
export function canvaPersonalData(db: Db) {
  return {
    /** Which products' templates were granted, and when; the links themselves are the shop's. */
    async exportOf(purchaseIds: number[]): Promise<DataExport['canvaLinks']> {
      if (purchaseIds.length === 0) return []
      const rows = await db
        .select({ productId: canvaLinks.productId, createdAt: canvaLinks.createdAt })
        .from(canvaLinks)
        .where(inArray(canvaLinks.purchaseId, purchaseIds))
        .orderBy(asc(canvaLinks.id))
      return rows.map((r) => ({ productId: r.productId, createdAt: r.createdAt.toISOString() }))
    },

    /** Inside the erasure's transaction: the links forget whose they were. */
    async anonymise(tx: Db, purchaseIds: number[]): Promise<void> {
      if (purchaseIds.length === 0) return
      await tx
        .update(canvaLinks)
        .set({ customerEmail: null, userId: null })
        .where(inArray(canvaLinks.purchaseId, purchaseIds))
    },
  }
}
