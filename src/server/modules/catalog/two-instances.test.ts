import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CatalogPage } from '../../../contracts/catalog.js'
import type { Product } from '../../../contracts/products.js'
import { adminSession } from '../../testing/auth.js'
import { insertPaidOrder, insertProduct } from '../../testing/fixtures.js'
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
  ])('the catalogue on two instances sharing PostgreSQL ($signal)', ({ signal, env }) => {
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

  it('shows on B, within the second, the tags A gave a product: its filters, facets and search', async () => {
    const { id } = await insertProduct(a, { name: 'Quebra-cabeça das Regiões' })
    const page = async (store: TestStore, query: string) =>
      (await store.app.inject({ url: `/api/catalog?${query}` })).json<CatalogPage>()
    expect((await page(b, 'bncc=EF04GE05')).total).toBe(0)
    const tagged = await a.app.inject({
      method: 'PUT',
      url: `/api/products/${id}/update-json`,
      headers: { cookie },
      payload: {
        name: 'Quebra-cabeça das Regiões',
        price: '9.90',
        bncc: ['EF04GE05'],
        tipo: 'jogo',
      },
    })
    expect(tagged.statusCode, tagged.body).toBe(200)
    const waited = await eventually(
      async () => (await page(b, 'bncc=EF04GE05&tipo=jogo')).total === 1,
    )
    expect(waited).toBeLessThan(1_000)
    // The codes' year and component came with them, and B's search and facets know them.
    const onB = await page(b, 'ano=4&componente=GE')
    expect(onB.items.map((i) => i.id)).toEqual([id])
    expect(onB.facets.tipo).toContainEqual({ value: 'jogo', label: 'Jogo', count: 1 })
    expect(
      (await catalogOf(b, 'jogo 4º ano unidades da federação')).items.map((i) => i.id),
    ).toEqual([id])
  })

  it('ranks B’s best sellers again after payments on A, told once a second, not per payment', async () => {
    // What A says on the database's channel (with Redis the same messages go through Redis).
    const listener = new pg.Client({ connectionString: a.databaseUrl })
    const topics: string[] = []
    if (signal === 'LISTEN/NOTIFY') {
      await listener.connect()
      listener.on('notification', (n) =>
        topics.push((JSON.parse(n.payload!) as { topic: string }).topic),
      )
      await listener.query('LISTEN loja_changes')
    }
    try {
      const { id } = await insertProduct(a, { name: 'Dominó das Sílabas' })
      const bestsellers = async () =>
        (await b.app.inject({ url: '/api/products/bestsellers' })).json<Product[]>()
      // Written around the services (no message): B reads it again as a restart would.
      b.app.services.catalog.invalidate()
      expect((await catalogOf(b, 'domino')).total).toBe(1)
      expect((await bestsellers()).map((p) => p.id)).not.toContain(id)

      // Ten payments committing one after another, as the orders module reports them.
      await insertPaidOrder(a, [{ productId: id, quantity: 50 }])
      for (let i = 0; i < 10; i++) a.app.services.catalog.salesChanged({ onlyPayments: true })
      await eventually(async () => (await bestsellers())[0]?.id === id)

      if (signal === 'LISTEN/NOTIFY') {
        const payments = () => topics.filter((t) => t === 'catalog:sales:payments').length
        // The first at once, the other nine together at the end of that second, and no more.
        const start = Date.now()
        while (payments() < 2 && Date.now() - start < 3_000) {
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        await new Promise((resolve) => setTimeout(resolve, 500))
        expect(payments()).toBe(2)
      }
    } finally {
      await listener.end().catch(() => {})
    }
  })
})
