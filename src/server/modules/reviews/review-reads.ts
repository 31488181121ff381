import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { ProductReviews, PublicReview, RatingSummary } from '../../../contracts/reviews.js'
import { publicReviewerName } from '../../../contracts/reviews.js'
import type { Db } from '../../db/client.js'
import { productReviews } from './reviews.tables.js'

/** How many approved reviews a product page lists (newest first); the average counts them all. */
export const PUBLIC_REVIEWS_SHOWN = 20

/** What the public counts: approved, and the buyer's purchase not refunded since. */
const shown = () => and(eq(productReviews.status, 'approved'), isNull(productReviews.hiddenAt))

const roundAverage = (value: number) => Math.round(value * 10) / 10

/**
 * The reviews as the public reads them, built before the catalogue (which keeps every
 * product's stars in memory and asks `summaries` again when a review is moderated).
 */
export function createReviewReads(db: Db) {
  return {
    /** Every product's stars at once: one grouped query, for the catalogue's snapshot. */
    async summaries(): Promise<Map<number, RatingSummary>> {
      const rows = await db
        .select({
          productId: productReviews.productId,
          average: sql<string>`avg(${productReviews.rating})`,
          count: sql<number>`count(*)::int`,
        })
        .from(productReviews)
        .where(shown())
        .groupBy(productReviews.productId)
      return new Map(
        rows.map((r) => [
          r.productId,
          { average: roundAverage(Number(r.average)), count: Number(r.count) },
        ]),
      )
    },

    /** GET /api/products/:id/reviews, and the product page's JSON-LD. */
    async ofProduct(productId: number): Promise<ProductReviews> {
      const where = and(eq(productReviews.productId, productId), shown())
      const [[totals], rows] = await Promise.all([
        db
          .select({
            average: sql<string | null>`avg(${productReviews.rating})`,
            count: sql<number>`count(*)::int`,
          })
          .from(productReviews)
          .where(where),
        db
          .select()
          .from(productReviews)
          .where(where)
          .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
          .limit(PUBLIC_REVIEWS_SHOWN),
      ])
      const count = Number(totals?.count ?? 0)
      return {
        average: count ? roundAverage(Number(totals?.average)) : 0,
        count,
        items: rows.map((r): PublicReview => ({
          rating: r.rating,
          text: r.text,
          // Stored reduced already; reduced again so no row written by hand shows a full name.
          displayName: publicReviewerName(r.displayName),
          date: r.createdAt.toISOString(),
          reply: r.reply,
          verified: true,
        })),
      }
    },
  }
}

export type ReviewReads = ReturnType<typeof createReviewReads>
