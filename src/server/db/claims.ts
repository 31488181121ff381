/**
 * Claims, leases and back-off over rows: one implementation for every table whose rows are at
 * once work to do and its state (the message outbox, stamped copies, and the scheduled jobs:
 * "run job X for period P at most once across instances"). Decision 025.
 *
 * A row is claimed by writing a lease on it (`locked_until`, and `claim_id` when the table has
 * one) in a statement whose WHERE says the row is free; the database decides between
 * instances, so two workers never both win a row:
 * - many rows: SELECT … FOR UPDATE SKIP LOCKED, then UPDATE those ids, in one transaction
 *   (workers side by side take different rows without waiting on each other);
 * - one row by key: UPDATE … WHERE free RETURNING (a racing UPDATE waits for the row lock,
 *   re-reads the row, finds it taken and changes nothing).
 * A failed attempt releases the row with its next attempt `backoffSeconds(attempts)` later.
 *
 * Time is a parameter: `clock` (tests drive it). Without one, the database's `now()` is the
 * clock, the one clock every instance shares, so leases do not depend on the servers' clocks.
 */
import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './client.js'

export type Clock = () => Date

/** A claimable table: these columns under these names (`leaseColumns()` in db/columns.ts). */
export type LeaseTable = PgTable & {
  id: AnyPgColumn
  attempts: AnyPgColumn
  nextAttemptAt: AnyPgColumn
  lockedUntil: AnyPgColumn
  /** Who holds the lease: a run that lost it (ran out, retaken) must not write its result. */
  claimId?: AnyPgColumn
}

/** What a claimed row carries about its lease, whatever else the table holds. */
export interface LeasedRow {
  id: number
  attempts: number
  claimId?: string | null
}

export interface ClaimSpec<T extends LeaseTable> {
  table: T
  /** How long a claim holds its row unless extended (`extend`, `holdWhile`). */
  leaseSeconds: number
  /** The wait before the next attempt once `attempts` attempts (this one included) failed. */
  backoffSeconds: (attempts: number) => number
  /** What else makes a row claimable, besides being free and due: its status, say. */
  eligible?: SQL
  /**
   * A lease that ran out (its worker died): 'retake' when doing the work twice is harmless (a
   * stamped copy is made again); 'settle' when it is not (a message may have gone out): the row
   * is never claimed again, its owner settles it (`abandoned()` finds it).
   */
  expired: 'retake' | 'settle'
  /** Columns written with every claim besides the lease (e.g. `{ status: 'stamping' }`). */
  onClaim?: Record<string, unknown>
  clock?: Clock
}

/** 2ⁿ back-off from `firstSeconds`, capped at `maxSeconds`. */
export function exponentialBackoff(firstSeconds: number, maxSeconds = Infinity) {
  return (attempts: number) => Math.min(firstSeconds * 2 ** Math.max(0, attempts - 1), maxSeconds)
}

export function rowClaims<T extends LeaseTable>(spec: ClaimSpec<T>) {
  type Row = T['$inferSelect']
  const t = spec.table
  // Drizzle types `set` per table, which a helper over any LeaseTable cannot name: it writes
  // only the lease columns LeaseTable declares, and the owner's `onClaim`.
  type Set = Parameters<ReturnType<Db['update']>['set']>[0]

  /** The current time as SQL: the clock's reading, or the database's `now()`. */
  const now = (): SQL => (spec.clock ? sql`${spec.clock().toISOString()}::timestamptz` : sql`now()`)
  const secondsFromNow = (seconds: number): SQL => sql`${now()} + ${seconds} * interval '1 second'`

  const free = (): SQL =>
    spec.expired === 'retake'
      ? or(isNull(t.lockedUntil), lte(t.lockedUntil, now()))!
      : isNull(t.lockedUntil)
  const claimable = (where?: SQL) => and(spec.eligible, where, free())
  const due = () => lte(t.nextAttemptAt, now())

  const claimValues = (): Set => ({
    ...spec.onClaim,
    lockedUntil: secondsFromNow(spec.leaseSeconds),
    attempts: sql`${t.attempts} + 1`,
    ...(t.claimId ? { claimId: randomUUID() } : {}),
  })
  const released = (): Set => ({ lockedUntil: null, ...(t.claimId ? { claimId: null } : {}) })

  /**
   * This row, while this claim holds it: with a `claimId`, until another claim took it over (a
   * lease that ran out but was not retaken still lets its slow holder finish).
   */
  const held = (row: LeasedRow): SQL =>
    and(eq(t.id, row.id), t.claimId ? eq(t.claimId, row.claimId ?? '') : isNotNull(t.lockedUntil))!

  const claims = {
    now,
    secondsFromNow,

    /** Up to `limit` free, due rows (and `where`), oldest id first, for this caller alone. */
    async claimDue(db: Db, limit: number, where?: SQL): Promise<Row[]> {
      // Two steps in one transaction, not UPDATE … WHERE id IN (SELECT … LIMIT n SKIP LOCKED):
      // the planner may run that subquery once per row, and each run, skipping what is locked,
      // hands out the next row, so a claim of one took them all.
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: t.id })
          .from(t as PgTable)
          .where(and(claimable(where), due()))
          .orderBy(asc(t.id))
          .limit(limit)
          .for('update', { skipLocked: true })
        if (rows.length === 0) return []
        const ids = rows.map((r) => r.id as number)
        return (await tx
          .update(t)
          .set(claimValues())
          .where(and(inArray(t.id, ids), claimable()))
          .returning()) as Row[]
      })
    },

    /**
     * The one row `where` names, if free (and due, unless `anyTime`: a buyer waiting now goes
     * before the schedule). Null when another holds it, or it is not eligible.
     */
    async claimOne(db: Db, where: SQL, opts: { anyTime?: boolean } = {}): Promise<Row | null> {
      const [row] = (await db
        .update(t)
        .set(claimValues())
        .where(and(claimable(where), opts.anyTime ? undefined : due()))
        .returning()) as Row[]
      return row ?? null
    },

    held,

    /** The holder is alive: the lease lasts another `leaseSeconds`. False when it was lost. */
    async extend(db: Db, row: LeasedRow): Promise<boolean> {
      const rows = await db
        .update(t)
        .set({ lockedUntil: secondsFromNow(spec.leaseSeconds) } as Set)
        .where(held(row))
        .returning({ id: t.id })
      return rows.length > 0
    },

    /**
     * Runs `work` while renewing the lease every third of it, so only a dead process's lease
     * runs out (a long job keeps its row however long it takes).
     */
    async holdWhile<R>(
      db: Db,
      row: LeasedRow,
      work: () => Promise<R>,
      onRenewFailed: (err: unknown) => void,
    ): Promise<R> {
      const renew = setInterval(
        () => void claims.extend(db, row).catch(onRenewFailed),
        (spec.leaseSeconds * 1000) / 3,
      )
      try {
        return await work()
      } finally {
        clearInterval(renew)
      }
    },

    /** Columns that end a claim: the row is free again (spread into the owner's `set`). */
    released,

    /** Columns that end a failed attempt: free, and due again after the back-off. */
    retryLater: (row: Pick<LeasedRow, 'attempts'>): Set => ({
      ...released(),
      nextAttemptAt: secondsFromNow(spec.backoffSeconds(row.attempts)),
    }),

    /** Rows whose lease ran out with no end written: their worker died holding them. */
    abandoned: (): SQL => and(isNotNull(t.lockedUntil), lt(t.lockedUntil, now()))!,
  }
  return claims
}

export type RowClaims<T extends LeaseTable> = ReturnType<typeof rowClaims<T>>
