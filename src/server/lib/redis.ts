import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'

export type { Redis }

/**
 * The one Redis connection of a store (sessions and rate limits), when REDIS_URL is set.
 * Commands wait for the connection (and a reconnection) instead of failing at once, but never
 * forever: a Redis that is down makes logins fail with a 500 rather than hang. An outage is
 * logged once when it starts and once when it ends (/readyz tells it meanwhile), not at every
 * reconnection attempt.
 */
export function openRedis(url: string, keyPrefix: string, log?: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    keyPrefix,
    maxRetriesPerRequest: 2,
    connectTimeout: 5000,
    enableAutoPipelining: true,
  })
  let down = false
  redis.on('error', (err: Error) => {
    if (!down) log?.error({ err }, 'redis unreachable')
    down = true
  })
  redis.on('ready', () => {
    if (down) log?.warn('redis reachable again')
    down = false
  })
  return redis
}
