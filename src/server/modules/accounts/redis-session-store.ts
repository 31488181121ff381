import type { Redis } from '../../lib/redis.js'
import type { SessionDates, SessionRecord, SessionStore } from './session-store.js'

interface StoredSession {
  userId: string | null
  data: Record<string, unknown>
  expiresAt: string
}

// Deletes every session listed in a user's set, and the set, in one step: a login racing the
// deactivation cannot leave a session the set no longer knows about. ARGV[1] is the key prefix
// of a session (ioredis prefixes KEYS by itself, not keys a script builds).
const DESTROY_FOR_USER = `
local ids = redis.call('SMEMBERS', KEYS[1])
for _, id in ipairs(ids) do redis.call('DEL', ARGV[1] .. id) end
redis.call('DEL', KEYS[1])
return #ids`

/**
 * Sessions in Redis (REDIS_URL): every instance sees a login or a logout at once. Each session
 * expires by itself (PX); a set per user lists their sessions so they can all be ended.
 */
export class RedisSessionStore implements SessionStore {
  constructor(private readonly redis: Redis) {}

  private sessionKey = (id: string) => `sess:${id}`
  private userKey = (userId: string) => `sess-user:${userId}`

  async get(id: string): Promise<SessionRecord | null> {
    const raw = await this.redis.get(this.sessionKey(id))
    if (!raw) return null
    const stored = JSON.parse(raw) as StoredSession
    const expiresAt = new Date(stored.expiresAt)
    if (expiresAt.getTime() <= Date.now()) return null
    return { userId: stored.userId, data: stored.data, expiresAt }
  }

  async set(id: string, record: SessionRecord): Promise<void> {
    const ttl = record.expiresAt.getTime() - Date.now()
    if (ttl <= 0) return this.destroy(id)
    const stored: StoredSession = { ...record, expiresAt: record.expiresAt.toISOString() }
    const tx = this.redis.multi().set(this.sessionKey(id), JSON.stringify(stored), 'PX', ttl)
    // Sessions all live as long, so the newest one's expiry is the set's.
    if (record.userId)
      tx.sadd(this.userKey(record.userId), id).pexpire(this.userKey(record.userId), ttl)
    await tx.exec()
  }

  async destroy(id: string): Promise<void> {
    const record = await this.get(id)
    const tx = this.redis.multi().del(this.sessionKey(id))
    if (record?.userId) tx.srem(this.userKey(record.userId), id)
    await tx.exec()
  }

  async destroyForUser(userId: string): Promise<void> {
    const prefix = `${this.redis.options.keyPrefix ?? ''}${this.sessionKey('')}`
    await this.redis.eval(DESTROY_FOR_USER, 1, this.userKey(userId), prefix)
  }

  async listForUser(userId: string): Promise<SessionDates[]> {
    const ids = await this.redis.smembers(this.userKey(userId))
    const records = await Promise.all(ids.map((id) => this.get(id)))
    return records
      .filter((r): r is SessionRecord => r !== null && r.userId === userId)
      .map((r) => ({ createdAt: null, expiresAt: r.expiresAt }))
  }
}
