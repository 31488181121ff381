import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PAYMENT_MODE_CHANGED_MESSAGE,
  type CheckoutAnswer,
  type OrderStatusAnswer,
} from '../../../contracts/checkout.js'
import { adminSession } from '../../testing/auth.js'
import { call, guestCheckout, guestForm, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import {
  dropRedisPrefix,
  redisAvailable,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '../../testing/redis.js'
import { storeRows } from '../../testing/rows.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { settings } from '../settings/settings.tables.js'

/**
 * Demo mode gives materials away (the buyer's own tap pays), so a store that has just left it
 * must not take, nor let the buyer confirm, a demo order on any instance: not while another
 * instance still holds the settings it read a few seconds before.
 */
const PIX_KEY = 'loja@exemplo.com'

const checkout = (store: TestStore) =>
  call(
    store,
    'POST',
    '/api/checkout',
    { items: [{ productId: kitId }], customerData: guestForm() },
    { session: newCartSession() },
  )
const confirm = (store: TestStore, orderId: string, session: string) =>
  call(store, 'POST', `/api/orders/${orderId}/confirm-payment`, {}, { session })
/** A demo order taken and left unpaid; its session is the buyer's, to confirm it later. */
async function unpaidDemoOrder(store: TestStore) {
  const session = newCartSession()
  const answer = await guestCheckout(store, session, [{ productId: kitId }])
  expect(answer.pixPaymentData?.provider).toBe('demo')
  return { id: answer.order.id, session }
}

let kitId: number

describe('the payment mode changed by another instance an instant ago', () => {
  let store: TestStore
  const { purchasesOf } = storeRows(() => store)
  beforeAll(async () => {
    store = await createTestStore()
    kitId = (await insertProduct(store, { name: 'Kit Alfabeto', priceCents: 2990 })).id
  })
  afterAll(() => store.close())

  it('takes no demo order, and pays none the buyer confirms, once the stored mode says so', async () => {
    const before = await unpaidDemoOrder(store)
    // What another instance's save writes (the key, then demo off), straight to the table:
    // this instance still holds the values it read a moment ago.
    const { db } = store.database
    await db.update(settings).set({ value: PIX_KEY }).where(eq(settings.key, 'pix_key'))
    await db.update(settings).set({ value: 'false' }).where(eq(settings.key, 'payment_demo'))

    const late = await checkout(store)
    expect([late.statusCode, late.json().message]).toEqual([409, PAYMENT_MODE_CHANGED_MESSAGE])
    // Trying again charges for real.
    const again = await checkout(store)
    expect(again.statusCode).toBe(201)
    expect(again.json<CheckoutAnswer>().pixPaymentData?.provider).toBe('static')

    const confirmed = await confirm(store, before.id, before.session)
    expect(confirmed.json<OrderStatusAnswer>().status).toBe('pending')
    expect(await purchasesOf(before.id)).toHaveLength(0)
  })
})

const runs = Boolean(process.env.DATABASE_URL)
const withRedis = runs && (await redisAvailable())
const prefix = testRedisPrefix()

describe
  .skipIf(!runs)
  .each([
    { signal: 'LISTEN/NOTIFY', env: {} as Record<string, string> },
    ...(withRedis
      ? [{ signal: 'Redis', env: { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix } }]
      : []),
  ])('settings on two instances sharing PostgreSQL ($signal)', ({ env }) => {
  let a: TestStore
  let b: TestStore
  let owner: string
  beforeAll(async () => {
    a = await createTestStore({ env })
    b = await createTestStore({ env, databaseUrl: a.databaseUrl })
    await b.app.services.catalog.signalReady()
    owner = (await adminSession(a.app)).cookie
    kitId = (await insertProduct(a, { name: 'Kit Frações', priceCents: 1990 })).id
    await a.app.services.catalog.invalidate()
    await b.app.services.catalog.invalidate()
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
    if (env.REDIS_PREFIX) await dropRedisPrefix(prefix)
  })

  /** Asks B until `check` holds; fails past 1.5 s, well within the 5 s B's copy would live. */
  async function soonOnB(check: () => Promise<boolean>) {
    const start = Date.now()
    while (!(await check())) {
      expect(Date.now() - start, 'not seen on B in time').toBeLessThan(1_500)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  it('a setting saved on A is what B reads at once', async () => {
    // B has just read its settings: its copy is fresh.
    expect((await b.app.services.settings.all()).store_name).not.toBe('Cantinho da Prô')
    const saved = await call(
      a,
      'POST',
      '/api/admin/settings',
      { key: 'store_name', value: 'Cantinho da Prô' },
      { cookie: owner },
    )
    expect(saved.statusCode).toBe(200)
    await soonOnB(
      async () => (await b.app.services.settings.get('store_name')) === 'Cantinho da Prô',
    )
  })

  it('reaches B at once when the owner saves her first PIX key on A, and B gives nothing away', async () => {
    // B holds its settings (demo mode) and has demo orders waiting for the buyer's tap.
    const waiting = await Promise.all(Array.from({ length: 10 }, () => unpaidDemoOrder(b)))
    expect(await b.app.services.settings.get('payment_demo')).toBe(true)

    // 40 checkouts on B while A saves the key.
    const during = Array.from({ length: 40 }, () => checkout(b))
    const saved = await call(
      a,
      'POST',
      '/api/admin/settings',
      { key: 'pix_key', value: PIX_KEY },
      { cookie: owner },
    )
    expect(saved.statusCode).toBe(200)
    const answers = await Promise.all(during)
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode)
    const takenInDemo = answers
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json<CheckoutAnswer>())
      .filter((o) => o.pixPaymentData?.provider === 'demo')

    await soonOnB(async () => (await b.app.services.settings.get('pix_key')) === PIX_KEY)
    expect(await b.app.services.settings.get('payment_demo')).toBe(false)

    // After the save, 30 checkouts on B at once: all charged for real.
    const after = await Promise.all(Array.from({ length: 30 }, () => checkout(b)))
    expect(after.map((r) => r.statusCode)).toEqual(after.map(() => 201))
    expect(new Set(after.map((r) => r.json<CheckoutAnswer>().pixPaymentData?.provider))).toEqual(
      new Set(['static']),
    )

    // No demo order is paid by its buyer's tap any more, on either instance.
    const demoOrders = [...waiting.map((w) => w.id), ...takenInDemo.map((o) => o.order.id)]
    const taps = await Promise.all(waiting.map((w, i) => confirm(i % 2 ? a : b, w.id, w.session)))
    for (const tap of taps) expect(tap.json<OrderStatusAnswer>().status).toBe('pending')
    const { purchasesOf } = storeRows(() => a)
    for (const id of demoOrders) expect(await purchasesOf(id)).toHaveLength(0)
  })
})
