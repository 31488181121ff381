import { desc, inArray, or } from 'drizzle-orm'
import type { DataExport } from '../../../contracts/privacy.js'
import type { Db } from '../../db/client.js'
import type { ProductsService } from '../products/products.service.js'
import { productReviews } from './reviews.tables.js'

/**
 * Whose reviews: those written under these e-mails (lower case, as stored; only e-mails the
 * privacy module holds as proved) and those written from the purchases of these orders (hers:
 * the review's order is the purchase that let her write it).
 */
export interface ReviewOwner {
  emails: string[]
  orderIds: string[]
}

const whereOwnedBy = (who: ReviewOwner) => {
  const parts = [
    who.emails.length ? inArray(productReviews.email, who.emails) : undefined,
    who.orderIds.length ? inArray(productReviews.orderId, who.orderIds) : undefined,
  ].filter((p) => p !== undefined)
  return parts.length ? or(...parts) : undefined
}

/** The reviews module's part of the LGPD requests (decision 015). */
export function reviewPersonalData(db: Db, products: Pick<ProductsService, 'names'>) {
  return {
    /** Her reviews, whatever their status, newest first. */
    async exportOf(who: ReviewOwner): Promise<DataExport['reviews']> {
      const where = whereOwnedBy(who)
      if (!where) return []
      const rows = await db
        .select()
        .from(productReviews)
        .where(where)
        .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
      const names = await products.names([...new Set(rows.map((r) => r.productId))])
      return rows.map((r) => ({
        productId: r.productId,
        productName: names.get(r.productId) ?? `Produto ${r.productId}`,
        rating: r.rating,
        text: r.text,
        displayName: r.displayName,
        status: r.status,
        hidden: r.hiddenAt !== null,
        reply: r.reply,
        createdAt: r.createdAt.toISOString(),
      }))
    },

    /**
     * Inside the erasure's transaction: her reviews are deleted, not anonymised. A review is her
     * own words under her name; kept without her, its stars would still speak for her. The
     * caller tells the catalogue after the commit (the stars it holds in memory change).
     */
    async erase(tx: Db, who: ReviewOwner): Promise<number> {
      const where = whereOwnedBy(who)
      if (!where) return 0
      const rows = await tx.delete(productReviews).where(where).returning({ id: productReviews.id })
      return rows.length
    },
  }
}
