/**
 * The state changes of a stamped copy's row, each one statement (or one short transaction)
 * whose WHERE says from which state it may happen: two instances, a background run and a
 * download racing each other cannot both win.
 */
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm'
import type { StampFallbackReason } from '../../../contracts/stamping.js'
import { exponentialBackoff, rowClaims, type Clock } from '../../db/claims.js'
import type { Db } from '../../db/client.js'
import { stampedCopies } from './stamping.tables.js'

export type CopyRow = typeof stampedCopies.$inferSelect

/**
 * How long a claim holds a row unless renewed (`holdClaimWhile`).
 */
export const CLAIM_SECONDS = 30
/** A row that failed this many times is delivered as the original from then on. */
export const MAX_ATTEMPTS = 5

/** 30 s, 60 s, 120 s … between a failed attempt and the next. */
const backoffSeconds = exponentialBackoff(30)

/**
 * The rows' claims (db/claims.ts): pending rows, and rows whose claim ran out (a crashed run's:
 * stamping twice is harmless). Each claim writes its own `claimId`.
 */
const copyClaims = (clock?: Clock) =>
  rowClaims({
    table: stampedCopies,
    leaseSeconds: CLAIM_SECONDS,
    backoffSeconds,
    eligible: inArray(stampedCopies.status, ['pending', 'stamping']),
    expired: 'retake',
    onClaim: { status: 'stamping' },
    clock,
  })

/** The background job's claim: due rows, none another run holds (SKIP LOCKED, as the outbox). */
export function claimDue(db: Db, limit: number, clock?: Clock): Promise<CopyRow[]> {
  return copyClaims(clock).claimDue(db, limit)
}

/** A download's claim of one row, whatever its schedule: the buyer is waiting now. */
export function claimOne(db: Db, id: number, clock?: Clock): Promise<CopyRow | null> {
  return copyClaims(clock).claimOne(db, eq(stampedCopies.id, id), { anyTime: true })
}

const held = (row: CopyRow) => and(copyClaims().held(row), eq(stampedCopies.status, 'stamping'))

/**
 * Runs `work` while the claim on `row` is renewed every third of CLAIM_SECONDS: a crashed
 * instance's claim runs out within half a minute and another takes over.
 */
export function holdClaimWhile<R>(
  db: Db,
  row: CopyRow,
  work: () => Promise<R>,
  onRenewFailed: (err: unknown) => void,
  clock?: Clock,
): Promise<R> {
  return copyClaims(clock).holdWhile(db, row, work, onRenewFailed)
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
export async function markAttemptFailed(
  db: Db,
  row: CopyRow,
  error: string,
  clock?: Clock,
): Promise<void> {
  if (row.attempts >= MAX_ATTEMPTS) {
    await markFallback(db, row, 'failed', error, true)
    return
  }
  await db
    .update(stampedCopies)
    .set({ status: 'pending', ...copyClaims(clock).retryLater(row), lastError: error })
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
