import { randomBytes } from 'node:crypto'
import { Socket } from 'node:net'
import { Redis } from 'ioredis'

/** The Redis tests use: REDIS_URL, else the local one (CI and the dev machine run one). */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

/** A key prefix of its own per test run, so runs sharing one Redis never see each other. */
export const testRedisPrefix = () => `loja-test:${randomBytes(6).toString('hex')}:`

/**
 * Whether a Redis answers, so `npm test` on a laptop without one skips the Redis tests instead
 * of failing; CI has one, so they run there.
 */
export async function redisAvailable(url = TEST_REDIS_URL): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = new Socket()
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(500, () => done(false))
    socket.once('error', () => done(false))
    socket.connect(Number(port || 6379), hostname, () => done(true))
  })
}

/** Deletes every key a test run made under its prefix. */
export async function dropRedisPrefix(prefix: string, url = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(url)
  try {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500)
      if (keys.length) await redis.del(...keys)
      cursor = next
    } while (cursor !== '0')
  } finally {
    await redis.quit()
  }
}
