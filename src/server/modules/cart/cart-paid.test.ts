import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CartItem } from '../../../contracts/cart.js'
import type { CheckoutAnswer } from '../../../contracts/checkout.js'
import { adminSession, customerSession } from '../../testing/auth.js'
import { call, guestCheckout, newCartSession, type CallOptions } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

let store: TestStore
let kit: { id: number }
let poster: { id: number }

beforeAll(async () => {
  store = await createTestStore()
  kit = await insertProduct(store, { name: 'Kit Alfabetização', priceCents: 2990 })
  poster = await insertProduct(store, { name: 'Cartaz', priceCents: 990 })
})
afterAll(() => store.close())

const cartOf = async (opts: CallOptions) =>
  (await call(store, 'GET', '/api/cart', undefined, opts))
    .json<CartItem[]>()
    .map((item) => item.productId)

async function fill(opts: CallOptions, productIds: number[]) {
  for (const productId of productIds) {
    const res = await call(store, 'POST', '/api/cart', { productId, quantity: 1 }, opts)
    expect(res.statusCode, res.body).toBe(200)
  }
}

describe('a paid order leaves the cart', () => {
  it('takes what a guest paid for (demo confirmation) out of her cart; the rest stays', async () => {
    const session = newCartSession()
    await fill({ session }, [kit.id, poster.id])
    const { order } = await guestCheckout(store, session, [{ productId: kit.id }])
    expect(await cartOf({ session })).toEqual([kit.id, poster.id])

    const paid = await call(
      store,
      'POST',
      `/api/orders/${order.id}/confirm-payment`,
      { paymentData: { confirmedAt: new Date().toISOString() } },
      { session },
    )
    expect(paid.statusCode, paid.body).toBe(200)
    expect(await cartOf({ session })).toEqual([poster.id])
  })

  it("empties the account's cart and the session's when the admin marks the order paid", async () => {
    const buyer = await customerSession(store.app)
    const session = newCartSession()
    const stranger = newCartSession()
    await fill({ session, cookie: buyer.cookie }, [kit.id, poster.id])
    await fill({ session }, [kit.id])
    await fill({ session: stranger }, [kit.id])
    const placed = await call(
      store,
      'POST',
      '/api/checkout',
      { items: [{ productId: kit.id }] },
      { session, cookie: buyer.cookie },
    )
    expect(placed.statusCode, placed.body).toBe(201)
    const { order } = placed.json<CheckoutAnswer>()

    const admin = (await adminSession(store.app)).cookie
    const res = await call(
      store,
      'PUT',
      `/api/admin/orders/${order.id}/status`,
      { status: 'paid' },
      { cookie: admin },
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(await cartOf({ session, cookie: buyer.cookie })).toEqual([poster.id])
    expect(await cartOf({ session })).toEqual([])
    expect(await cartOf({ session: stranger })).toEqual([kit.id])
  })
})
