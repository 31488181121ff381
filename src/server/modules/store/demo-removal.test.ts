import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoRemoved } from '../../../contracts/store.js'
import { adminSession } from '../../testing/auth.js'
import { call, guestForm, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createPlan } from '../../testing/subscriptions.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import type { SubscribeAnswer } from '../../../contracts/subscriptions.js'
import { purchases } from '../downloads/downloads.tables.js'
import { products } from '../products/products.tables.js'

// A clube cycle grants its materials as purchases whose order line is the plan, not the
// product: removing the demo must see those too, as it sees a paid order's lines.
let store: TestStore
let admin: string

beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
})
afterAll(async () => {
  await store.close()
})

describe('removing the demo after the clube granted a demo product', () => {
  it('keeps the product, deactivated, for the subscriber, and answers 200', async () => {
    const { db } = store.database
    const demo = await insertProduct(store, { name: 'Alfabeto de Exemplo' })
    const gone = await insertProduct(store, { name: 'Numerais de Exemplo', isActive: false })
    await db.update(products).set({ isDemo: true }).where(eq(products.id, demo.id))
    await db.update(products).set({ isDemo: true }).where(eq(products.id, gone.id))
    await store.app.services.catalog.invalidate()
    // The owner charges for real: the clube's first cycle is a real order.
    await store.app.services.settings.set('pix_key', 'loja@exemplo.com')
    await store.app.services.settings.set('payment_demo', false)

    const plan = await createPlan(store, admin)
    const subscribed = await call(
      store,
      'POST',
      '/api/subscriptions',
      { planId: plan.id, customerData: guestForm(), acceptTerms: true },
      { session: newCartSession() },
    )
    expect(subscribed.statusCode, subscribed.body).toBe(201)
    const orderId = subscribed.json<SubscribeAnswer>().order.id
    expect(await store.app.services.orders.markOrderPaid(orderId, 'admin')).toBe(true)
    const granted = await db
      .select()
      .from(purchases)
      .where(and(eq(purchases.orderId, orderId), eq(purchases.productId, demo.id)))
    expect(granted).toHaveLength(1)

    const res = await call(store, 'POST', '/api/admin/demo/remove', {}, { cookie: admin })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json<DemoRemoved>()).toEqual({ products: 2, orders: 0, texts: 0 })
    const [kept] = await db.select().from(products).where(eq(products.id, demo.id))
    expect(kept).toMatchObject({ isActive: false, isDemo: false })
    // The one nobody holds is deleted as before.
    expect(await db.select().from(products).where(eq(products.id, gone.id))).toEqual([])
    // The subscriber's purchase is untouched.
    const after = await db.select().from(purchases).where(eq(purchases.id, granted[0]!.id))
    expect(after).toHaveLength(1)
  })
})
