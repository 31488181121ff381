import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { downloadLog, purchases } from './downloads.tables.js'

/*
 * The automatic refund against the downloads (decision 017): the refund's decision
 * "nothing of this order was used" and every download, link delivery or Canva opening are
 * serialised on the order's purchase rows.
 */

type Purchase = typeof purchases.$inferSelect

export const REVOKED_MESSAGE =
  'Esta compra foi cancelada ou reembolsada: os downloads foram encerrados.'
export const REFUND_HELD_MESSAGE =
  'O reembolso desta compra está em andamento: os downloads estão suspensos.'

/** A purchase that may be used now: not revoked, and no automatic refund under way. */
export const usable = () => and(isNull(purchases.revokedAt), isNull(purchases.refundHeldAt))

/** Why a purchase that exists cannot be used: a refund under way, or a revoke. */
export const refusal = (rows: Purchase[]) =>
  new AppError(
    'forbidden',
    rows.some((p) => p.revokedAt === null && p.refundHeldAt !== null)
      ? REFUND_HELD_MESSAGE
      : REVOKED_MESSAGE,
  )

/**
 * The purchase, share-locked until `tx` ends if it is usable, else null. A refund deciding
 * whether the order was used locks its purchases FOR UPDATE, so it waits for this opening to
 * commit (and then sees it), or this opening waits for the refund's hold (and is refused).
 */
export async function lockUsable(tx: Db, purchaseId: number): Promise<Purchase | null> {
  const [row] = await tx
    .select()
    .from(purchases)
    .where(and(eq(purchases.id, purchaseId), usable()))
    .for('share')
  return row ?? null
}

/** The refund's side: hold the order's purchases if untouched, release them if it fails. */
export function refundHold(db: Db) {
  return {
    /**
     * The automatic refund's claim: inside one transaction the purchases of `orderIds` (the
     * order refunded, and those whose use counts with it: a clube's later periods) are locked,
     * and only if none was ever downloaded nor opened (`openedAmong`: the Canva links) are the
     * usable ones held, so no download, link or opening is served from then on. A purchase
     * revoked since (a clube period that ended, or that a free period replaced) still counts:
     * what she downloaded under it was used. Every download and opening locks its purchase
     * first (spendOrReuse's UPDATE, lockUsable), so exactly one side wins. True when held: the
     * refund may go on; false: something was used, the owner decides. The hold outlives this
     * transaction, across the provider's refund call.
     */
    async holdIfUntouched(
      orderIds: string[],
      openedAmong: (tx: Db, purchaseIds: number[]) => Promise<boolean>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({
            id: purchases.id,
            revokedAt: purchases.revokedAt,
            refundHeldAt: purchases.refundHeldAt,
          })
          .from(purchases)
          .where(inArray(purchases.orderId, orderIds))
          .orderBy(asc(purchases.id))
          .for('update')
        const ids = rows.map((r) => r.id)
        if (ids.length === 0) return true
        const [logged] = await tx
          .select({ id: downloadLog.id })
          .from(downloadLog)
          .where(inArray(downloadLog.purchaseId, ids))
          .limit(1)
        if (logged || (await openedAmong(tx, ids))) return false
        const live = rows.filter((r) => r.revokedAt === null && r.refundHeldAt === null)
        if (live.length === 0) return true
        await tx
          .update(purchases)
          .set({ refundHeldAt: sql`now()` })
          .where(
            inArray(
              purchases.id,
              live.map((r) => r.id),
            ),
          )
        return true
      })
    },

    /** The automatic refund failed (the provider said no or was away): access comes back. */
    async releaseHold(orderIds: string[]): Promise<void> {
      await db
        .update(purchases)
        .set({ refundHeldAt: null })
        .where(and(inArray(purchases.orderId, orderIds), isNull(purchases.revokedAt)))
    },

    /**
     * Runs `use` (a Canva link's opening) inside a transaction holding the purchase usable
     * (see lockUsable); refused with the reason when it is revoked or held by a refund.
     */
    async whileUsable<T>(purchaseId: number, use: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        if (!(await lockUsable(tx, purchaseId))) {
          throw refusal(await tx.select().from(purchases).where(eq(purchases.id, purchaseId)))
        }
        return use(tx)
      })
    },
  }
}
