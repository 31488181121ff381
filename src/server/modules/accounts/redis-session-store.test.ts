import { afterAll, describe, expect, it } from 'vitest'
import { openRedis } from '../../lib/redis.js'
import {
  dropRedisPrefix,
  redisAvailable,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '../../testing/redis.js'
import { RedisSessionStore } from './redis-session-store.js'

const prefix = testRedisPrefix()
const withRedis = await redisAvailable()
const redis = withRedis ? openRedis(TEST_REDIS_URL, prefix) : null
afterAll(async () => {
  await redis?.quit()
  if (withRedis) await dropRedisPrefix(prefix)
})

const inMs = (ms: number) => new Date(Date.now() + ms)
const userA = '00000000-0000-4000-8000-00000000000a'
const userB = '00000000-0000-4000-8000-00000000000b'

describe.skipIf(!redis)('Redis session store', () => {
  const store = new RedisSessionStore(redis!)

  it('keeps a session until it expires', async () => {
    await store.set('s1', { userId: userA, data: { a: 1 }, expiresAt: inMs(60_000) })
    expect(await store.get('s1')).toEqual({
      userId: userA,
      data: { a: 1 },
      expiresAt: expect.any(Date),
    })
    await store.set('short', { userId: userA, data: {}, expiresAt: inMs(50) })
    await new Promise((r) => setTimeout(r, 80))
    expect(await store.get('short')).toBeNull()
    expect(await redis!.exists('sess:short')).toBe(0)
  })

  it('destroys one session', async () => {
    await store.set('s2', { userId: userA, data: {}, expiresAt: inMs(60_000) })
    await store.destroy('s2')
    expect(await store.get('s2')).toBeNull()
    expect(await redis!.sismember(`sess-user:${userA}`, 's2')).toBe(0)
  })

  it('ends every session of one user and only theirs', async () => {
    await store.set('a1', { userId: userA, data: {}, expiresAt: inMs(60_000) })
    await store.set('a2', { userId: userA, data: {}, expiresAt: inMs(60_000) })
    await store.set('b1', { userId: userB, data: {}, expiresAt: inMs(60_000) })
    await store.destroyForUser(userA)
    expect(await store.get('a1')).toBeNull()
    expect(await store.get('a2')).toBeNull()
    expect(await store.get('b1')).not.toBeNull()
    expect(await redis!.exists(`sess-user:${userA}`)).toBe(0)
  })
})
