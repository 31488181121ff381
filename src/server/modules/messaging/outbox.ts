import { randomUUID } from 'node:crypto'
import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  max,
  min,
  or,
  sql,
} from 'drizzle-orm'
import { exponentialBackoff, rowClaims, type Clock } from '../../db/claims.js'
import type { Db } from '../../db/client.js'
import { messageOutbox } from './messaging.tables.js'

export type OutboxRow = typeof messageOutbox.$inferSelect
export type Channel = OutboxRow['channel']
export const CHANNELS: readonly Channel[] = ['whatsapp', 'email']

export interface OutboxMessage {
  /** One event, one message: `order:{id}:paid:buyer`. A second write of it changes nothing. */
  dedupeKey: string
  /** 'whatsapp' when left out. */
  channel?: Channel
  /** A WhatsApp number, or an e-mail address. */
  to: string
  /** The text (for an e-mail, its plain-text part). */
  body: string
  subject?: string
  html?: string
  /** Newsletters only (see message_outbox.unsubscribe_url). */
  unsubscribeUrl?: string
}

/** A claim lasts far longer than a send may take (15 s), so only a dead worker's runs out. */
export const CLAIM_SECONDS = 60
export const MAX_ATTEMPTS = 10
/** Still unsent after a day (gateway down, or taken out of the settings): no longer news. */
const EXPIRE_AFTER_SECONDS = 24 * 60 * 60

/** 5 s, 10 s, 20 s … capped at 15 min: about 40 minutes of trying before giving up. */
export const backoffSeconds = exponentialBackoff(5, 15 * 60)

/**
 * The outbox's claims (db/claims.ts): only pending rows; a claim that ran out is never taken
 * again (the message may have gone out) but settled by `settleAbandoned` (decision 007).
 */
const outboxClaims = (clock?: Clock) =>
  rowClaims({
    table: messageOutbox,
    leaseSeconds: CLAIM_SECONDS,
    backoffSeconds,
    eligible: eq(messageOutbox.status, 'pending'),
    expired: 'settle',
    clock,
  })

/**
 * Writes a message in the caller's transaction, so it exists exactly when the order change that
 * caused it commits. Answers false when that event's message was already written.
 */
export async function enqueueMessage(tx: Db, message: OutboxMessage): Promise<boolean> {
  const rows = await tx
    .insert(messageOutbox)
    .values({
      dedupeKey: message.dedupeKey,
      channel: message.channel ?? 'whatsapp',
      toNumber: message.to,
      body: message.body,
      subject: message.subject ?? null,
      html: message.html ?? null,
      unsubscribeUrl: message.unsubscribeUrl ?? null,
    })
    .onConflictDoNothing({ target: messageOutbox.dedupeKey })
    .returning({ id: messageOutbox.id })
  return rows.length > 0
}

/**
 * Takes up to `limit` due messages of `channels` (those with a gateway now) for this worker
 * alone: SKIP LOCKED lets two instances claim side by side without waiting on, or taking, each
 * other's rows. Only never-claimed rows (or rows whose failed attempt released them) qualify: a
 * claim that ran out is settled by `settleAbandoned`, never taken again (see docs/decisions/007).
 */
export async function claimDue(
  db: Db,
  limit = 10,
  channels: readonly Channel[] = CHANNELS,
  clock?: Clock,
): Promise<OutboxRow[]> {
  if (channels.length === 0) return []
  return outboxClaims(clock).claimDue(db, limit, inArray(messageOutbox.channel, [...channels]))
}

export async function markSent(db: Db, id: number, clock?: Clock): Promise<void> {
  const claims = outboxClaims(clock)
  await db
    .update(messageOutbox)
    .set({ status: 'sent', sentAt: claims.now(), ...claims.released(), lastError: null })
    .where(eq(messageOutbox.id, id))
}

/** A failed attempt: tried again after the backoff, or given up (`final`, or out of attempts). */
export async function markAttemptFailed(
  db: Db,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
  error: string,
  final: boolean,
  clock?: Clock,
): Promise<'retry' | 'failed'> {
  const giveUp = final || row.attempts >= MAX_ATTEMPTS
  await db
    .update(messageOutbox)
    .set({
      status: giveUp ? 'failed' : 'pending',
      ...outboxClaims(clock).retryLater(row),
      lastError: error.slice(0, 500),
    })
    .where(and(eq(messageOutbox.id, row.id), eq(messageOutbox.status, 'pending')))
  return giveUp ? 'failed' : 'retry'
}

/**
 * Claims that ran out belong to a worker that stopped mid-send (crash, kill -9): the message
 * may have gone out, so it is marked failed rather than sent again (at most once). Messages a
 * day old are given up too. Answers how many rows were settled.
 */
export async function settleAbandoned(
  db: Db,
  channels: readonly Channel[] = CHANNELS,
  clock?: Clock,
): Promise<number> {
  if (channels.length === 0) return 0
  const claims = outboxClaims(clock)
  const abandoned = claims.abandoned()
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
        inArray(messageOutbox.channel, [...channels]),
        or(abandoned, lt(messageOutbox.createdAt, claims.secondsFromNow(-EXPIRE_AFTER_SECONDS))),
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

export async function outboxCounts(db: Db, channel: Channel = 'whatsapp') {
  const rows = await db
    .select({ status: messageOutbox.status, n: count() })
    .from(messageOutbox)
    .where(eq(messageOutbox.channel, channel))
    .groupBy(messageOutbox.status)
  const of = (status: OutboxRow['status']) => rows.find((r) => r.status === status)?.n ?? 0
  return { sent: of('sent'), pending: of('pending'), failed: of('failed') }
}

/** The latest e-mails, newest first, for the admin's E-mails tab. */
export function latestEmails(db: Db, limit = 100) {
  return db
    .select()
    .from(messageOutbox)
    .where(eq(messageOutbox.channel, 'email'))
    .orderBy(desc(messageOutbox.id))
    .limit(limit)
}

/**
 * The admin's re-send: the e-mail is due again now, with fresh attempts. A row a worker holds
 * right now is left alone (false), so a re-send never races the send under way.
 */
export async function requeueEmail(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(messageOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
    .where(
      and(
        eq(messageOutbox.id, id),
        eq(messageOutbox.channel, 'email'),
        isNull(messageOutbox.lockedUntil),
      ),
    )
    .returning({ id: messageOutbox.id })
  return rows.length > 0
}

/**
 * Messages still unsent after failing, per channel, written between `notBefore` and
 * `olderThan`: the health panel's "failing for over an hour" (older ones are history).
 */
export async function failingMessages(db: Db, olderThan: Date, notBefore: Date) {
  return db
    .select({
      channel: messageOutbox.channel,
      n: count(),
      oldest: min(messageOutbox.createdAt),
      lastError: max(messageOutbox.lastError),
    })
    .from(messageOutbox)
    .where(
      and(
        inArray(messageOutbox.status, ['pending', 'failed']),
        isNotNull(messageOutbox.lastError),
        lte(messageOutbox.createdAt, olderThan),
        gte(messageOutbox.createdAt, notBefore),
      ),
    )
    .groupBy(messageOutbox.channel)
}
