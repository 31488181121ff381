import { asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartItems } from './cart.tables.js'
import { customerSession, login, newCustomer } from '../../testing/auth.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

let store: TestStore
let kit: { id: number }
let planner: { id: number }
let poster: { id: number }

beforeAll(async () => {
  store = await createTestStore()
  kit = await insertProduct(store, { name: 'Kit' })
  planner = await insertProduct(store, { name: 'Planner' })
  poster = await insertProduct(store, { name: 'Cartaz' })
})
afterAll(() => store.close())

const guestId = () => `cart_${Math.random().toString(36).slice(2)}_${Date.now()}`

async function cartRows(sessionIds: string[]) {
  return store.database.db
    .select({
      sessionId: cartItems.sessionId,
      productId: cartItems.productId,
      quantity: cartItems.quantity,
    })
    .from(cartItems)
    .where(inArray(cartItems.sessionId, sessionIds))
    .orderBy(asc(cartItems.productId))
}

describe('guest cart at login', () => {
  it('joins the account’s cart: quantities added, one line per product, guest cart emptied', async () => {
    const body = newCustomer()
    const { userId, email } = await customerSession(store.app, body)
    const guest = guestId()
    const { db } = store.database
    await db.insert(cartItems).values([
      { sessionId: `user:${userId}`, userId, productId: kit.id, quantity: 1 },
      { sessionId: guest, productId: kit.id, quantity: 2 },
      { sessionId: guest, productId: planner.id, quantity: 1 },
    ])
    const res = await login(store.app, email, body.password, { 'x-session-id': guest })
    expect(res.statusCode).toBe(200)
    expect(await cartRows([guest, `user:${userId}`])).toEqual([
      { sessionId: `user:${userId}`, productId: kit.id, quantity: 3 },
      { sessionId: `user:${userId}`, productId: planner.id, quantity: 1 },
    ])
  })

  it('merges once when the same browser logs in twice at the same time', async () => {
    const body = newCustomer()
    const { userId, email } = await customerSession(store.app, body)
    const guest = guestId()
    await store.database.db
      .insert(cartItems)
      .values({ sessionId: guest, productId: poster.id, quantity: 2 })
    const headers = { 'x-session-id': guest }
    await Promise.all([
      login(store.app, email, body.password, headers),
      login(store.app, email, body.password, headers),
    ])
    expect(await cartRows([guest, `user:${userId}`])).toEqual([
      { sessionId: `user:${userId}`, productId: poster.id, quantity: 2 },
    ])
  })

  it('leaves another cart alone when the header is missing or malformed', async () => {
    const body = newCustomer()
    const { userId, email } = await customerSession(store.app, body)
    const guest = guestId()
    await store.database.db
      .insert(cartItems)
      .values({ sessionId: guest, productId: kit.id, quantity: 1 })
    await login(store.app, email, body.password)
    await login(store.app, email, body.password, { 'x-session-id': `user:${userId}` })
    const left = await store.database.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.sessionId, guest))
    expect(left).toHaveLength(1)
  })
})
