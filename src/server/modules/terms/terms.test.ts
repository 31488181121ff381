import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutAnswer } from '../../../contracts/checkout.js'
import { adminApi } from '../../testing/admin.js'
import { adminSession } from '../../testing/auth.js'
import { call, guestForm, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { outboxRow } from '../../testing/messaging.js'
import { storeRows } from '../../testing/rows.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { termsVersions } from './terms.tables.js'

let store: TestStore
let kit: { id: number }
let admin: string
const { adminCall } = adminApi(
  () => store,
  () => admin,
)
const { orderRow } = storeRows(() => store)

beforeAll(async () => {
  store = await createTestStore()
  kit = await insertProduct(store, { name: 'Kit Alfabetização', priceCents: 2990 })
  admin = (await adminSession(store.app)).cookie
})
afterAll(() => store.close())

async function order(): Promise<string> {
  const res = await call(
    store,
    'POST',
    '/api/checkout',
    { items: [{ productId: kit.id }], customerData: guestForm() },
    { session: newCartSession() },
  )
  if (res.statusCode !== 201) throw new Error(`checkout ${res.body}`)
  return res.json<CheckoutAnswer>().order.id
}

describe('the terms kept with each order', () => {
  it('keeps the copy a buyer agreed to when the terms change later, once per distinct text', async () => {
    const before = await order()
    const same = await order()
    expect((await orderRow(before)).termsVersionId).not.toBeNull()
    expect((await orderRow(same)).termsVersionId).toBe((await orderRow(before)).termsVersionId)

    // The terms say how many downloads a purchase gives: changing it is a new text.
    expect(
      (await adminCall('POST', '/api/admin/settings', { key: 'max_downloads', value: '5' }))
        .statusCode,
    ).toBe(200)
    const after = await order()
    expect((await orderRow(after)).termsVersionId).not.toBe((await orderRow(before)).termsVersionId)
    expect(await store.database.db.select().from(termsVersions)).toHaveLength(2)

    for (const id of [before, after]) await store.app.services.orders.markOrderPaid(id, 'admin')
    const oldReceipt = await outboxRow(store, `order:${before}:paid:email`)
    const newReceipt = await outboxRow(store, `order:${after}:paid:email`)
    expect(oldReceipt?.body).toContain('Termos aceitos nesta compra')
    expect(oldReceipt?.body).toContain('Cada compra dá direito a 3 downloads')
    expect(oldReceipt?.body).not.toContain('direito a 5 downloads')
    expect(newReceipt?.body).toContain('Cada compra dá direito a 5 downloads')

    // Back to the first text (the service remembers only the last one): its first version.
    await adminCall('POST', '/api/admin/settings', { key: 'max_downloads', value: '3' })
    expect((await orderRow(await order())).termsVersionId).toBe(
      (await orderRow(before)).termsVersionId,
    )
  })
})
