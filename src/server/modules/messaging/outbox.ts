import { randomUUID } from 'node:crypto'
import { and, asc, count, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { messageOutbox } from './messaging.tables.js'

export type OutboxRow = typeof messageOutbox.$inferSelect

export interface OutboxMessage {
  /** One event, one message: `order:{id}:paid:buyer`. A second write of it changes nothing. */
  dedupeKey: string
  to: string
  body: string
}

/** A claim lasts far longer than a send may take (15 s), so only a dead worker's runs out. */
export const CLAIM_SECONDS = 60
export const MAX_ATTEMPTS = 10
/** Still unsent after a day (gateway down, or taken out of the settings): no longer news. */
const EXPIRE_AFTER = sql`interval '1 day'`

/** 5 s, 10 s, 20 s … capped at 15 min: about 40 minutes of trying before giving up. */
export function backoffSeconds(attempts: number): number {
  return Math.min(5 * 2 ** Math.max(0, attempts - 1), 15 * 60)
}

/**
 * Writes a message in the caller's transaction, so it exists exactly when the order change that
 * caused it commits. Answers false when that event's message was already written.
 */
export async function enqueueMessage(tx: Db, message: OutboxMessage): Promise<boolean> {
  const rows = await tx
    .insert(messageOutbox)
    .values({ dedupeKey: message.dedupeKey, toNumber: message.to, body: message.body })
    .onConflictDoNothing({ target: messageOutbox.dedupeKey })
    .returning({ id: messageOutbox.id })
  return rows.length > 0
}

/**
 * Takes up to `limit` due messages for this worker alone: SKIP LOCKED lets two instances claim
 * side by side without waiting on, or taking, each other's rows. Only never-claimed rows (or
 * rows whose failed attempt released them) qualify: a claim that ran out is settled by
 * `settleAbandoned`, never taken again (see docs/decisions/007).
 */
export async function claimDue(db: Db, limit = 10): Promise<OutboxRow[]> {
  const due = db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(
      and(
        eq(messageOutbox.status, 'pending'),
        lte(messageOutbox.nextAttemptAt, sql`now()`),
        isNull(messageOutbox.lockedUntil),
      ),
    )
    .orderBy(asc(messageOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(messageOutbox)
    .set({
      lockedUntil: sql`now() + ${CLAIM_SECONDS} * interval '1 second'`,
      attempts: sql`${messageOutbox.attempts} + 1`,
    })
    .where(and(inArray(messageOutbox.id, due), isNull(messageOutbox.lockedUntil)))
    .returning()
}

export async function markSent(db: Db, id: number): Promise<void> {
  await db
    .update(messageOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(eq(messageOutbox.id, id))
}

/** A failed attempt: tried again after the backoff, or given up (`final`, or out of attempts). */
export async function markAttemptFailed(
  db: Db,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
  error: string,
  final: boolean,
): Promise<'retry' | 'failed'> {
  const giveUp = final || row.attempts >= MAX_ATTEMPTS
  await db
    .update(messageOutbox)
    .set({
      status: giveUp ? 'failed' : 'pending',
      lockedUntil: null,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + ${backoffSeconds(row.attempts)} * interval '1 second'`,
    })
    .where(and(eq(messageOutbox.id, row.id), eq(messageOutbox.status, 'pending')))
  return giveUp ? 'failed' : 'retry'
}

/**
 * Claims that ran out belong to a worker that stopped mid-send (crash, kill -9): the message
 * may have gone out, so it is marked failed rather than sent again (at most once). Messages a
 * day old are given up too. Answers how many rows were settled.
 */
export async function settleAbandoned(db: Db): Promise<number> {
  const abandoned = sql`(${messageOutbox.lockedUntil} IS NOT NULL AND ${messageOutbox.lockedUntil} < now())`
  const rows = await db
    .update(messageOutbox)
    .set({
      status: 'failed',
      lockedUntil: null,
      lastError: sql`CASE WHEN ${abandoned} THEN 'envio interrompido (o servidor parou durante o envio): pode ter chegado, não foi repetido' ELSE 'expirou sem envio' END`,
    })
    .where(
      and(
        eq(messageOutbox.status, 'pending'),
        or(abandoned, lt(messageOutbox.createdAt, sql`now() - ${EXPIRE_AFTER}`)),
      ),
    )
    .returning({ id: messageOutbox.id })
  return rows.length
}

/** A message sent by hand (the admin's test): kept as sent, so the count and history show it. */
export async function recordSent(db: Db, kind: string, to: string, body: string): Promise<void> {
  await db.insert(messageOutbox).values({
    dedupeKey: `${kind}:${randomUUID()}`,
    toNumber: to,
    body,
    status: 'sent',
    attempts: 1,
    sentAt: sql`now()`,
  })
}

export async function outboxCounts(db: Db) {
  const rows = await db
    .select({ status: messageOutbox.status, n: count() })
    .from(messageOutbox)
    .groupBy(messageOutbox.status)
  const of = (status: OutboxRow['status']) => rows.find((r) => r.status === status)?.n ?? 0
  return { sent: of('sent'), pending: of('pending'), failed: of('failed') }
}
