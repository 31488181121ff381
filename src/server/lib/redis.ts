import { Redis } from 'ioredis'

export type { Redis }

/**
 * The one Redis connection of a store (sessions and rate limits), when REDIS_URL is set.
 * Commands wait for the connection (and a reconnection) instead of failing at once, but never
 * forever: a Redis that is down makes logins fail with a 500 rather than hang.
 */
export function openRedis(url: string, keyPrefix: string): Redis {
  return new Redis(url, {
    keyPrefix,
    maxRetriesPerRequest: 2,
    connectTimeout: 5000,
    enableAutoPipelining: true,
  })
}
