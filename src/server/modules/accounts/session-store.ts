import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { sessions } from './accounts.tables.js'

export interface SessionRecord {
  userId: string | null
  data: Record<string, unknown>
  expiresAt: Date
}

/**
 * Server-side sessions keyed by the SHA-256 of the cookie's token. The database keeps them by
 * default; a Redis implementation of the same interface is used when REDIS_URL is set.
 */
export interface SessionStore {
  get(id: string): Promise<SessionRecord | null>
  set(id: string, record: SessionRecord): Promise<void>
  destroy(id: string): Promise<void>
  /** Ends every session of a user (deactivation, password change). */
  destroyForUser(userId: string): Promise<void>
  /** When a user's live sessions began and end, for their data export; never their ids. */
  listForUser(userId: string): Promise<SessionDates[]>
}

export interface SessionDates {
  /** Unknown where the store does not keep it (Redis). */
  createdAt: Date | null
  expiresAt: Date
}

const PURGE_EVERY_MS = 60 * 60 * 1000

export class DbSessionStore implements SessionStore {
  private nextPurge = 0

  constructor(private readonly db: Db) {}

  async get(id: string): Promise<SessionRecord | null> {
    const [row] = await this.db
      .select({ userId: sessions.userId, data: sessions.data, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`)))
    return row ?? null
  }

  async set(id: string, record: SessionRecord): Promise<void> {
    // Logins are when rows are added, so they are when old ones are swept (at most hourly).
    if (Date.now() >= this.nextPurge) {
      this.nextPurge = Date.now() + PURGE_EVERY_MS
      // Housekeeping only: a failed sweep is retried at the next window, never fails a login.
      this.purgeExpired().catch(() => {})
    }
    await this.db
      .insert(sessions)
      .values({ id, ...record })
      .onConflictDoUpdate({
        target: sessions.id,
        set: { userId: record.userId, data: record.data, expiresAt: record.expiresAt },
      })
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, id))
  }

  async destroyForUser(userId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId))
  }

  async listForUser(userId: string): Promise<SessionDates[]> {
    return this.db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
  }

  /** Removes expired rows; called now and then, expiry is enforced by `get` regardless. */
  async purgeExpired(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`))
  }
}
