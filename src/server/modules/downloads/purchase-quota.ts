import { and, asc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm'
import { QUOTA_EXHAUSTED_MESSAGE } from '../../../contracts/downloads.js'
import type { Db } from '../../db/client.js'
import { downloadLog, orders, purchases } from '../../db/schema.js'
import { AppError } from '../../errors.js'

export type Purchase = typeof purchases.$inferSelect

export const REVOKED_MESSAGE =
  'Esta compra foi cancelada ou reembolsada: os downloads foram encerrados.'

/** The order must still be paid: a refund or cancellation stops downloads even before revokedAt. */
const orderIsPaid = sql`exists (select 1 from ${orders} where ${orders.id} = ${purchases.orderId} and ${orders.status} = 'paid')`

/** Consumes one download of the buyer's purchase; never more than its quota under concurrency. */
export async function consumeDownload(db: Db, purchaseId: number): Promise<Purchase | null> {
  const [row] = await db
    .update(purchases)
    .set({ downloadCount: sql`${purchases.downloadCount} + 1` })
    .where(
      and(
        eq(purchases.id, purchaseId),
        lt(purchases.downloadCount, purchases.maxDownloads),
        isNull(purchases.revokedAt),
        orderIsPaid,
      ),
    )
    .returning()
  return row ?? null
}

/** The owner's purchases of a product with their order's status, oldest first. */
export function purchasesOf(db: Db, owner: SQL, productId: number) {
  return db
    .select({
      id: purchases.id,
      downloadCount: purchases.downloadCount,
      maxDownloads: purchases.maxDownloads,
      revokedAt: purchases.revokedAt,
      status: orders.status,
    })
    .from(purchases)
    .innerJoin(orders, eq(orders.id, purchases.orderId))
    .where(and(owner, eq(purchases.productId, productId)))
    .orderBy(asc(purchases.createdAt), asc(purchases.id))
}

type Candidate = Awaited<ReturnType<typeof purchasesOf>>[number]
const isActive = (p: Candidate) => p.revokedAt === null && p.status === 'paid'

/** A link's purchase, checked at the moment it is followed: a refund stops it at once. */
export async function assertStillActive(db: Db, purchaseId: number, productId: number) {
  const [row] = await purchasesOf(db, eq(purchases.id, purchaseId), productId)
  if (!row) return false
  if (!isActive(row)) throw new AppError('forbidden', REVOKED_MESSAGE)
  return true
}

export function logDownload(db: Db, purchaseId: number | null, productId: number, ip: string) {
  return db.insert(downloadLog).values({ purchaseId, productId, ip })
}

/**
 * One download from the owner's purchases of a product, logged: the oldest purchase with
 * downloads left is spent. With `spend: false` (a link delivery, decision 006) it is only
 * logged. Answers the purchase used and the downloads left on it.
 */
export async function takeDownload(
  db: Db,
  input: { owner: SQL; productId: number; ip: string; spend: boolean; none: string },
): Promise<{ purchaseId: number; remaining: number }> {
  const { productId, ip } = input
  const candidates = await purchasesOf(db, input.owner, productId)
  if (candidates.length === 0) throw new AppError('not_found', input.none)
  const active = candidates.filter(isActive)
  if (active.length === 0) throw new AppError('forbidden', REVOKED_MESSAGE)
  if (!input.spend) {
    const first = active[0]!
    await logDownload(db, first.id, productId, ip)
    return { purchaseId: first.id, remaining: first.maxDownloads - first.downloadCount }
  }
  for (const candidate of active) {
    if (candidate.downloadCount >= candidate.maxDownloads) continue
    // The count and its log line stand or fall together.
    const used = await db.transaction(async (tx) => {
      const row = await consumeDownload(tx, candidate.id)
      if (row) await logDownload(tx, row.id, productId, ip)
      return row
    })
    // Null: another request took the last one meanwhile; the next purchase may have some.
    if (used) return { purchaseId: used.id, remaining: used.maxDownloads - used.downloadCount }
  }
  throw new AppError('forbidden', QUOTA_EXHAUSTED_MESSAGE)
}
