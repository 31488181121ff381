import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CatalogPage } from '../../../contracts/catalog.js'
import { adminSession } from '../../testing/auth.js'
import { insertProduct } from '../../testing/fixtures.js'
import {
  dropRedisPrefix,
  redisAvailable,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '../../testing/redis.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

/**
 * Two stores sharing one PostgreSQL database: a product written on A reaches B's catalogue
 * through LISTEN/NOTIFY, or through Redis pub/sub when the stores have a Redis (decision 021),
 * not through a timer.
 */
const runs = Boolean(process.env.DATABASE_URL)
const withRedis = runs && (await redisAvailable())
const prefix = testRedisPrefix()

let a: TestStore
let b: TestStore
let cookie: string

const catalogOf = async (store: TestStore, q: string) =>
  (await store.app.inject({ url: `/api/catalog?q=${encodeURIComponent(q)}` })).json<CatalogPage>()

/** Asks B until the answer holds (the signal is asynchronous), for at most two seconds. */
async function eventually(check: () => Promise<boolean>): Promise<number> {
  const start = Date.now()
  while (!(await check())) {
    if (Date.now() - start > 2_000) throw new Error('not seen on the other instance')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return Date.now() - start
}

describe
  .skipIf(!runs)
  .each([
    { signal: 'LISTEN/NOTIFY', env: {} as Record<string, string> },
    ...(withRedis
      ? [{ signal: 'Redis', env: { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix } }]
      : []),
  ])('the catalogue on two instances sharing PostgreSQL ($signal)', ({ env }) => {
  beforeAll(async () => {
    a = await createTestStore({ env })
    b = await createTestStore({ env, databaseUrl: a.databaseUrl })
    // B hears A before A writes (LISTEN / SUBSCRIBE is under way when the store starts).
    await b.app.services.catalog.signalReady()
    cookie = (await adminSession(a.app)).cookie
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
    if (env.REDIS_PREFIX) await dropRedisPrefix(prefix)
  })

  it('shows on B a product switched on and renamed on A, and drops it when A switches it off', async () => {
    const { id } = await insertProduct(a, { name: 'Girafa de Dobradura', isActive: false })
    // B has its catalogue in memory before A writes.
    expect((await catalogOf(b, 'girafa')).total).toBe(0)
    const toggle = (isActive: boolean) =>
      a.app.inject({
        method: 'PUT',
        url: `/api/admin/products-light/${id}/toggle`,
        headers: { cookie },
        payload: { isActive },
      })
    expect((await toggle(true)).statusCode).toBe(200)
    await eventually(async () => (await catalogOf(b, 'girafa')).total === 1)

    const renamed = await a.app.inject({
      method: 'PUT',
      url: `/api/products/${id}/update-json`,
      headers: { cookie },
      payload: { name: 'Zebra de Dobradura', price: '12.90' },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    await eventually(async () => (await catalogOf(b, 'zebra')).total === 1)
    expect((await catalogOf(b, 'girafa')).total).toBe(0)

    expect((await toggle(false)).statusCode).toBe(200)
    // On A at once; on B as soon as the notification arrives.
    expect((await catalogOf(a, 'zebra')).total).toBe(0)
    await eventually(async () => (await catalogOf(b, 'zebra')).total === 0)
    expect((await b.app.inject({ url: `/api/products/${id}` })).statusCode).toBe(404)
  })
})
