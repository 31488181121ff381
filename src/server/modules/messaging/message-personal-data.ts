import { asc, inArray, like, or, type SQL } from 'drizzle-orm'
import type { DataExport } from '../../../contracts/privacy.js'
import type { Db } from '../../db/client.js'
import { messageOutbox } from './messaging.tables.js'

/** A person's messages: those sent to their addresses, and every one written about their orders. */
export interface MessageSubject {
  /** E-mail addresses (lowercase) and WhatsApp numbers (digits, as the outbox keeps them). */
  addresses: string[]
  orderIds: string[]
  /**
   * Only the messages about these orders, not everything sent to the addresses: an account
   * whose e-mail is not verified (decision 026) must not reach what a guest received there.
   */
  ordersOnly?: boolean
  /** The account whose own messages (`account:<id>:…`: codes, password resets) count too. */
  accountId?: string | null
}

function whereOf({ addresses, orderIds, ordersOnly, accountId }: MessageSubject): SQL | undefined {
  const about: SQL[] = orderIds.map((id) => like(messageOutbox.dedupeKey, `order:${id}:%`))
  if (accountId) about.push(like(messageOutbox.dedupeKey, `account:${accountId}:%`))
  const to = addresses.length && !ordersOnly ? [inArray(messageOutbox.toNumber, addresses)] : []
  const all = [...to, ...about]
  return all.length ? or(...all) : undefined
}

/**
 * What kind of message a key names, without its ids: `order:<id>:paid:email` is
 * `order:paid:email`. Ids (long or numeric parts) say nothing to the person reading.
 */
export const kindOf = (dedupeKey: string) =>
  dedupeKey
    .split(':')
    .filter(
      (part) =>
        !/^\d+$/.test(part) &&
        !/^[a-z0-9]{16,}$/i.test(part) &&
        !/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(part) &&
        !part.includes('@'),
    )
    .join(':')

/** The messaging module's part of the LGPD requests. */
export function messagePersonalData(db: Db) {
  return {
    /** Messages to the person: when, which channel, what kind; not their text (art. 18, II). */
    async exportOf(subject: MessageSubject): Promise<DataExport['messages']> {
      const where = whereOf(subject)
      if (!where) return []
      const rows = await db.select().from(messageOutbox).where(where).orderBy(asc(messageOutbox.id))
      // Copies to the shop's owner are about the person's orders but were not sent to them.
      return rows
        .filter((r) => subject.addresses.includes(r.toNumber))
        .map((r) => ({
          channel: r.channel,
          kind: kindOf(r.dedupeKey),
          status: r.status,
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt?.toISOString() ?? null,
        }))
    },

    /**
     * Inside the erasure's transaction: every message to the person's addresses or about their
     * orders (the owner's copies name the buyer too) is deleted, sent or not; a pending one is
     * never sent. Their content is not needed for the books, so nothing is kept.
     */
    async erase(tx: Db, subject: MessageSubject): Promise<void> {
      const where = whereOf(subject)
      if (where) await tx.delete(messageOutbox).where(where)
    },

    /** How many messages are kept about an e-mail or number (the admin's look-up). */
    async countOf(subject: MessageSubject): Promise<number> {
      const where = whereOf(subject)
      if (!where) return 0
      return (await db.select({ id: messageOutbox.id }).from(messageOutbox).where(where)).length
    },
  }
}
