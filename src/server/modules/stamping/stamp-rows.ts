/**
 * The state changes of a stamped copy's row, each one statement (or one short transaction)
 * whose WHERE says from which state it may happen: two instances, a background run and a
 * download racing each other cannot both win.
 */
import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm'
import type { StampFallbackReason } from '../../../contracts/stamping.js'
import type { Db } from '../../db/client.js'
import { stampedCopies } from './stamping.tables.js'

export type CopyRow = typeof stampedCopies.$inferSelect

/**
 * How long a claim holds a row unless renewed; the run holding it renews it every third of
 * that, so a crashed instance's claim runs out within half a minute and another takes over.
 */
export const CLAIM_SECONDS = 30
/** A row that failed this many times is delivered as the original from then on. */
export const MAX_ATTEMPTS = 5

const claimable = or(
  eq(stampedCopies.status, 'pending'),
  and(eq(stampedCopies.status, 'stamping'), lte(stampedCopies.lockedUntil, sql`now()`)),
)

const claimSet = (claimId: string) => ({
  status: 'stamping' as const,
  claimId,
  lockedUntil: sql`now() + ${CLAIM_SECONDS} * interval '1 second'`,
  attempts: sql`${stampedCopies.attempts} + 1`,
})

/** The background job's claim: due rows, none another run holds (SKIP LOCKED, as the outbox). */
export async function claimDue(db: Db, limit: number): Promise<CopyRow[]> {
  const claimId = randomUUID()
  // Two statements, not UPDATE … WHERE id IN (SELECT … SKIP LOCKED): see messaging/outbox.ts.
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: stampedCopies.id })
      .from(stampedCopies)
      .where(and(claimable, lte(stampedCopies.nextAttemptAt, sql`now()`)))
      .orderBy(asc(stampedCopies.id))
      .limit(limit)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    return tx
      .update(stampedCopies)
      .set(claimSet(claimId))
      .where(
        and(
          inArray(
            stampedCopies.id,
            due.map((r) => r.id),
          ),
          claimable,
        ),
      )
      .returning()
  })
}

/** A download's claim of one row, whatever its schedule: the buyer is waiting now. */
export async function claimOne(db: Db, id: number): Promise<CopyRow | null> {
  const [row] = await db
    .update(stampedCopies)
    .set(claimSet(randomUUID()))
    .where(and(eq(stampedCopies.id, id), claimable))
    .returning()
  return row ?? null
}

const held = (row: CopyRow) =>
  and(
    eq(stampedCopies.id, row.id),
    eq(stampedCopies.status, 'stamping'),
    eq(stampedCopies.claimId, row.claimId!),
  )

/** The run holding the claim is alive: the claim lasts another CLAIM_SECONDS. */
export async function extendClaim(db: Db, row: CopyRow): Promise<void> {
  await db
    .update(stampedCopies)
    .set({ lockedUntil: sql`now() + ${CLAIM_SECONDS} * interval '1 second'` })
    .where(held(row))
}

/** The copy is stored: ready, if the claim is still ours (false: discard the copy). */
export async function markReady(
  db: Db,
  row: CopyRow,
  copy: { key: string; sha256: string; size: number },
): Promise<boolean> {
  const done = await db
    .update(stampedCopies)
    .set({
      status: 'ready',
      copyKey: copy.key,
      copySha256: copy.sha256,
      copySize: copy.size,
      claimId: null,
      lockedUntil: null,
      lastError: null,
      fallbackReason: null,
      readyAt: sql`now()`,
    })
    .where(held(row))
    .returning({ id: stampedCopies.id })
  return done.length > 0
}

/**
 * From now on this purchase gets the original of this file, every time (the same bytes on
 * every request). `claimed`: only if our claim still holds; otherwise from any unfinished state.
 */
export async function markFallback(
  db: Db,
  row: CopyRow,
  reason: StampFallbackReason,
  detail: string | null,
  claimed: boolean,
): Promise<boolean> {
  const unfinished = inArray(stampedCopies.status, ['pending', 'stamping'])
  const done = await db
    .update(stampedCopies)
    .set({
      status: 'fallback',
      fallbackReason: reason,
      lastError: detail,
      claimId: null,
      lockedUntil: null,
    })
    .where(claimed ? held(row) : and(eq(stampedCopies.id, row.id), unfinished))
    .returning({ id: stampedCopies.id })
  return done.length > 0
}

/** A failed attempt: tried again later (30 s × 2ⁿ), or the original for good after the last. */
export async function markAttemptFailed(db: Db, row: CopyRow, error: string): Promise<void> {
  if (row.attempts >= MAX_ATTEMPTS) {
    await markFallback(db, row, 'failed', error, true)
    return
  }
  await db
    .update(stampedCopies)
    .set({
      status: 'pending',
      claimId: null,
      lockedUntil: null,
      lastError: error,
      nextAttemptAt: sql`now() + ${30 * 2 ** (row.attempts - 1)} * interval '1 second'`,
    })
    .where(held(row))
}

/** The copy went missing (cleaned up, lost): to be made again at the next download. */
export async function markGone(db: Db, row: CopyRow): Promise<void> {
  await db
    .update(stampedCopies)
    .set({ status: 'pending', copyKey: null, copySha256: null, copySize: null })
    .where(and(eq(stampedCopies.id, row.id), eq(stampedCopies.status, 'ready')))
}

export async function findCopy(db: Db, purchaseId: number, sourceKey: string) {
  const [row] = await db
    .select()
    .from(stampedCopies)
    .where(and(eq(stampedCopies.purchaseId, purchaseId), eq(stampedCopies.sourceKey, sourceKey)))
  return row ?? null
}

export async function findById(db: Db, id: number) {
  const [row] = await db.select().from(stampedCopies).where(eq(stampedCopies.id, id))
  return row ?? null
}

/** Copies still in storage that may be due for removal: revoked ones, and ready ones made before `readyBefore`. */
export function copiesToCheck(db: Db, readyBefore: Date) {
  return db
    .select()
    .from(stampedCopies)
    .where(
      and(
        sql`${stampedCopies.copyKey} IS NOT NULL`,
        or(
          eq(stampedCopies.status, 'revoked'),
          and(eq(stampedCopies.status, 'ready'), lte(stampedCopies.readyAt, readyBefore)),
        ),
      ),
    )
    .orderBy(asc(stampedCopies.readyAt), asc(stampedCopies.id))
    .limit(500)
}

/** The copy was removed from storage: forget it (a ready one is made again on demand). */
export async function forgetCopy(db: Db, row: CopyRow): Promise<void> {
  await db
    .update(stampedCopies)
    .set({
      status: row.status === 'ready' ? 'pending' : row.status,
      copyKey: null,
      copySha256: null,
      copySize: null,
      // Not stamped again in the background: only a download asks for it again.
      nextAttemptAt: sql`'infinity'::timestamptz`,
    })
    .where(and(eq(stampedCopies.id, row.id), eq(stampedCopies.copyKey, row.copyKey!)))
}
