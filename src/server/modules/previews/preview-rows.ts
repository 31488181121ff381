/**
 * The state changes of a preview's row, each one statement whose WHERE says from which state
 * it may happen: two instances, or a run racing a new upload, cannot both win.
 */
import { and, eq, ne, or, sql } from 'drizzle-orm'
import { exponentialBackoff, rowClaims, type Clock } from '../../db/claims.js'
import type { Db } from '../../db/client.js'
import { productPreviews, type StoredPreviewPage } from './previews.tables.js'

export type PreviewRow = typeof productPreviews.$inferSelect

/** A run renews its claim every third of this; a crashed instance's row is retaken after it. */
const CLAIM_SECONDS = 60
/** A run that threw (storage down) is tried this many times before the row is failed. */
export const MAX_ATTEMPTS = 3

const claims = (clock?: Clock) =>
  rowClaims({
    table: productPreviews,
    leaseSeconds: CLAIM_SECONDS,
    backoffSeconds: exponentialBackoff(30, 600),
    eligible: eq(productPreviews.status, 'pending'),
    // Drawing twice is harmless: the second run's images replace nothing until it wins.
    expired: 'retake',
    clock,
  })

export const claimDue = (db: Db, limit: number, clock?: Clock): Promise<PreviewRow[]> =>
  claims(clock).claimDue(db, limit)

export const holdClaimWhile = <R>(
  db: Db,
  row: PreviewRow,
  work: () => Promise<R>,
  onRenewFailed: (err: unknown) => void,
) => claims().holdWhile(db, row, work, onRenewFailed)

/**
 * The preview `productId` is to show: drawn from `sourceKey` at `pages`. A row already made
 * from the same file and pages is left as it is (one preview per file version); otherwise it
 * is pending again and its claim, if any, is void. Its old images stay listed (never served
 * while it is not ready) until the new ones replace them (`markReady` answers them).
 */
export async function queue(
  q: Db,
  productId: number,
  sourceKey: string,
  pages: number[],
): Promise<boolean> {
  const pagesSql = sql`${`{${pages.join(',')}}`}::integer[]`
  const changed = await q
    .insert(productPreviews)
    .values({ productId, sourceKey, pages })
    .onConflictDoUpdate({
      target: productPreviews.productId,
      set: {
        sourceKey,
        pages,
        status: 'pending',
        reason: null,
        pageCount: null,
        attempts: 0,
        nextAttemptAt: sql`now()`,
        lockedUntil: null,
        claimId: null,
        updatedAt: sql`now()`,
      },
      setWhere: or(ne(productPreviews.sourceKey, sourceKey), ne(productPreviews.pages, pagesSql)),
    })
    .returning({ id: productPreviews.id })
  return changed.length > 0
}

/** No preview for `productId` (its file is gone or is no PDF): answers the images to remove. */
export async function forget(db: Db, productId: number): Promise<StoredPreviewPage[]> {
  const rows = await db
    .delete(productPreviews)
    .where(eq(productPreviews.productId, productId))
    .returning({ images: productPreviews.images })
  return rows.flatMap((r) => r.images)
}

const held = (row: PreviewRow) => and(claims().held(row), eq(productPreviews.status, 'pending'))

/**
 * The drawn pages, if this claim still holds the row (a new upload meanwhile voids it).
 * Answers the images they replace (an earlier version's), to remove; null when it lost.
 */
export async function markReady(
  db: Db,
  row: PreviewRow,
  images: StoredPreviewPage[],
  pageCount: number,
): Promise<StoredPreviewPage[] | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ images: productPreviews.images })
      .from(productPreviews)
      .where(held(row))
      .for('update')
    if (!before) return null
    await tx
      .update(productPreviews)
      .set({ ...claims().released(), status: 'ready', images, pageCount, updatedAt: sql`now()` })
      .where(held(row))
    const kept = new Set(images.map((i) => i.key))
    return before.images.filter((i) => !kept.has(i.key))
  })
}

/** A failure the same file would meet again: shown to the owner until she retries. */
export async function markFailed(db: Db, row: PreviewRow, reason: string): Promise<boolean> {
  const done = await db
    .update(productPreviews)
    .set({ ...claims().released(), status: 'failed', reason, updatedAt: sql`now()` })
    .where(held(row))
    .returning({ id: productPreviews.id })
  return done.length > 0
}

/** An attempt that threw: due again after the back-off. */
export async function retryLater(db: Db, row: PreviewRow): Promise<void> {
  await db.update(productPreviews).set(claims().retryLater(row)).where(held(row))
}

/** 'Tentar de novo': a failed preview is pending again, its attempts from zero. */
export async function requeue(db: Db, productId: number): Promise<boolean> {
  const rows = await db
    .update(productPreviews)
    .set({
      status: 'pending',
      reason: null,
      attempts: 0,
      nextAttemptAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(productPreviews.productId, productId), eq(productPreviews.status, 'failed')))
    .returning({ id: productPreviews.id })
  return rows.length > 0
}
