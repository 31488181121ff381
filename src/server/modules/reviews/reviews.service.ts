import type { EventRaiser } from '../../kernel/events.js'
import { and, count, desc, eq, isNull } from 'drizzle-orm'
import type {
  AdminReview,
  ModerateReviewBody,
  ReviewBody,
  ReviewRequestAnswer,
  ReviewStatus,
} from '../../../contracts/reviews.js'
import { publicReviewerName, REVIEW_MESSAGES } from '../../../contracts/reviews.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { Purchase, PurchasesService } from '../downloads/purchases.service.js'
import type { OrderReads } from '../orders/orders.service.js'
import type { ProductsService } from '../products/products.service.js'
import { reviewPersonalData } from './review-personal-data.js'
import { createReviewRequests, type ReviewRequestDeps } from './review-requests.js'
import type { ReviewReads } from './review-reads.js'
import { createReviewTokens } from './review-token.js'
import { productReviews } from './reviews.tables.js'

/** Who is asking to review: her account, the e-mail her browser proved today, or the link. */
export interface Reviewer {
  userId: string | null
  guestEmail: string | null
}

const ADMIN_LIST_LIMIT = 200

/**
 * Verified reviews: only a buyer whose purchase of the product is paid and not refunded writes
 * one (once per e-mail and product: a second answers 409), the owner approves or rejects it,
 * and a refund of that purchase hides it. Reading for the public is `ReviewReads`.
 */
export function createReviewsService(
  deps: {
    db: Db
    reads: ReviewReads
    purchases: Pick<PurchasesService, 'liveOf' | 'find' | 'firstDownloadedBetween'>
    orders: Pick<OrderReads, 'orderIdsOfEmail' | 'find'>
    products: Pick<ProductsService, 'names' | 'summaries'>
    secret: string
    now?: () => Date
    /** `review.changed` is raised here after each moderation. */
    events: Pick<EventRaiser, 'committed'>
  } & Omit<ReviewRequestDeps, 'db' | 'tokens' | 'now' | 'purchases' | 'products'>,
) {
  const { db } = deps
  const now = deps.now ?? (() => new Date())
  const tokens = createReviewTokens(deps.secret)
  // The catalogue recounts its stars after each moderation (`review.changed`).
  const changed = () => void deps.events.committed('review.changed', {})

  /** Her live purchases of the product, newest first, by whichever proof she brings. */
  async function purchasesOf(productId: number, who: Reviewer, token?: string) {
    if (token) {
      const purchaseId = tokens.verify(token, now().getTime())
      const purchase = purchaseId === null ? null : await deps.purchases.find(purchaseId)
      if (!purchase || purchase.productId !== productId) {
        throw new AppError('forbidden', REVIEW_MESSAGES.linkInvalid)
      }
      const live = await deps.purchases.liveOf({ orderIds: [purchase.orderId] })
      return live.filter((p) => p.id === purchase.id)
    }
    const found: Purchase[] = []
    if (who.userId) found.push(...(await deps.purchases.liveOf({ userId: who.userId })))
    if (who.guestEmail) {
      const orderIds = await deps.orders.orderIdsOfEmail(who.guestEmail)
      found.push(...(await deps.purchases.liveOf({ orderIds })))
    }
    return found.filter((p) => p.productId === productId)
  }

  async function adminView(rows: (typeof productReviews.$inferSelect)[]): Promise<AdminReview[]> {
    const names = await deps.products.names([...new Set(rows.map((r) => r.productId))])
    return rows.map((r) => ({
      id: r.id,
      productId: r.productId,
      productName: names.get(r.productId) ?? `Produto ${r.productId}`,
      rating: r.rating,
      text: r.text,
      displayName: r.displayName,
      email: r.email,
      orderId: r.orderId,
      status: r.status,
      reply: r.reply,
      hidden: r.hiddenAt !== null,
      createdAt: r.createdAt.toISOString(),
    }))
  }

  const requests = createReviewRequests({ ...deps, db, tokens, now })

  return {
    /** POST /api/products/:id/reviews. */
    async create(productId: number, body: ReviewBody, who: Reviewer) {
      const [purchase] = await purchasesOf(productId, who, body.token)
      if (!purchase) throw new AppError('forbidden', REVIEW_MESSAGES.notBuyer)
      const order = await deps.orders.find(purchase.orderId)
      const name = body.displayName?.trim() || order?.customerName || ''
      const [row] = await db
        .insert(productReviews)
        .values({
          productId,
          orderId: purchase.orderId,
          userId: purchase.userId,
          email: purchase.customerEmail.toLowerCase(),
          rating: body.rating,
          text: body.text,
          displayName: publicReviewerName(name),
        })
        .onConflictDoNothing({ target: [productReviews.productId, productReviews.email] })
        .returning({ id: productReviews.id })
      if (!row) throw new AppError('conflict', REVIEW_MESSAGES.already)
      return { id: row.id, message: REVIEW_MESSAGES.sent }
    },

    /** GET /api/admin/reviews?status=: newest first. */
    async list(status?: ReviewStatus): Promise<AdminReview[]> {
      const rows = await db
        .select()
        .from(productReviews)
        .where(status ? eq(productReviews.status, status) : undefined)
        .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
        .limit(ADMIN_LIST_LIMIT)
      return adminView(rows)
    },

    /** PUT /api/admin/reviews/:id: approve or reject, with the owner's public reply. */
    async moderate(id: number, body: ModerateReviewBody): Promise<AdminReview> {
      const rows = await db
        .update(productReviews)
        .set({
          status: body.status,
          moderatedAt: now(),
          ...(body.reply === undefined ? {} : { reply: body.reply || null }),
        })
        .where(eq(productReviews.id, id))
        .returning()
      if (!rows[0]) throw new AppError('not_found', 'Avaliação não encontrada')
      changed()
      return (await adminView(rows))[0]!
    },

    /** Reviews waiting for the owner (the overview's alert). */
    async pendingCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(productReviews)
        .where(and(eq(productReviews.status, 'pending'), isNull(productReviews.hiddenAt)))
      return Number(row?.n ?? 0)
    },

    /** The orders module's effects: a refunded or cancelled purchase's review is hidden. */
    orderEffects: {
      preparePaid: async () => async () => {},
      async closed(tx: Db, orderId: string) {
        await tx
          .update(productReviews)
          .set({ hiddenAt: now() })
          .where(and(eq(productReviews.orderId, orderId), isNull(productReviews.hiddenAt)))
      },
    },

    /** GET /api/reviews/request?t=: the product the e-mailed link opens the form for. */
    async requestInfo(token: string): Promise<ReviewRequestAnswer> {
      const purchaseId = tokens.verify(token, now().getTime())
      const purchase = purchaseId === null ? null : await deps.purchases.find(purchaseId)
      if (!purchase) throw new AppError('forbidden', REVIEW_MESSAGES.linkInvalid)
      const live = await deps.purchases.liveOf({ orderIds: [purchase.orderId] })
      if (!live.some((p) => p.id === purchase.id)) {
        throw new AppError('forbidden', REVIEW_MESSAGES.notBuyer)
      }
      const [product, existing] = await Promise.all([
        deps.products.summaries([purchase.productId]),
        db
          .select({ id: productReviews.id })
          .from(productReviews)
          .where(
            and(
              eq(productReviews.productId, purchase.productId),
              eq(productReviews.email, purchase.customerEmail.toLowerCase()),
            ),
          ),
      ])
      const summary = product.get(purchase.productId)
      return {
        productId: purchase.productId,
        productName: summary?.name ?? 'Material',
        imageUrl: summary?.imageUrl ?? '',
        alreadyReviewed: existing.length > 0,
      }
    },

    /** The review requests due now, each written once with its e-mail (the job calls it). */
    sendDueRequests: requests.sendDue,

    /**
     * The LGPD export and erasure (privacy module, decision 015). After an erasure that deleted
     * any review commits, `erased()` tells the listeners, so the catalogue recounts the stars.
     */
    personalData: { ...reviewPersonalData(db, deps.products), erased: changed },
  }
}

export type ReviewsService = ReturnType<typeof createReviewsService>
