import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CART_SESSION_PATTERN, type CartItem } from '../../../contracts/cart.js'
import { call, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

let store: TestStore
let kit: { id: number }
let poster: { id: number }
let free: { id: number }
let hidden: { id: number }

beforeAll(async () => {
  store = await createTestStore()
  kit = await insertProduct(store, { name: 'Kit Alfabetização', priceCents: 2990 })
  poster = await insertProduct(store, {
    name: 'Cartaz',
    priceCents: 990,
    category: 'cartazes_murais',
  })
  free = await insertProduct(store, { name: 'Calendário', isFree: true })
  hidden = await insertProduct(store, { name: 'Escondido', isActive: false })
})
afterAll(() => store.close())

const cartOf = async (session: string) =>
  (await call(store, 'GET', '/api/cart', undefined, { session })).json<CartItem[]>()

describe('cart session id', () => {
  it('issues a fresh random id when the request has none or a malformed one', async () => {
    for (const header of [
      undefined,
      'abc',
      'cart_short',
      `cart_${'x'.repeat(101)}`,
      'cart_ok$not-ok-chars!!',
    ]) {
      const res = await call(
        store,
        'GET',
        '/api/cart',
        undefined,
        header ? { session: header } : {},
      )
      expect(res.statusCode).toBe(200)
      const issued = res.headers['x-session-id'] as string
      expect(issued).toMatch(CART_SESSION_PATTERN)
      expect(issued).not.toBe(header)
      // 16 random bytes in base64url: 22 characters after the prefix.
      expect(Buffer.from(issued.slice(5), 'base64url')).toHaveLength(16)
    }
    const a = await call(store, 'GET', '/api/cart')
    const b = await call(store, 'GET', '/api/cart')
    expect(a.headers['x-session-id']).not.toBe(b.headers['x-session-id'])
  })

  it('keeps a valid id and does not answer a new one', async () => {
    const session = newCartSession()
    const res = await call(store, 'GET', '/api/cart', undefined, { session })
    expect(res.headers['x-session-id']).toBeUndefined()
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('uses the id it issued for the add it answered', async () => {
    const res = await call(store, 'POST', '/api/cart', { productId: kit.id })
    const issued = res.headers['x-session-id'] as string
    expect(res.json<CartItem>().sessionId).toBe(issued)
    expect(await cartOf(issued)).toHaveLength(1)
  })
})

describe('cart API', () => {
  it('adds with quantity 1 by default and sums a second add of the same product', async () => {
    const session = newCartSession()
    const first = await call(store, 'POST', '/api/cart', { productId: kit.id }, { session })
    expect(first.statusCode).toBe(200)
    expect(first.json<CartItem>()).toMatchObject({
      productId: kit.id,
      quantity: 1,
      sessionId: session,
      userId: null,
      product: { id: kit.id, name: 'Kit Alfabetização', price: '29.90', category: 'alfabetizacao' },
    })
    await call(store, 'POST', '/api/cart', { productId: kit.id, quantity: 2 }, { session })
    await call(store, 'POST', '/api/cart', { productId: poster.id }, { session })
    const items = await cartOf(session)
    expect(items.map((i) => [i.productId, i.quantity])).toEqual([
      [kit.id, 3],
      [poster.id, 1],
    ])
    expect(items[0]!.product.imageUrl).toMatch(new RegExp(`^/api/products/${kit.id}/image`))
    expect(typeof items[0]!.createdAt).toBe('string')
  })

  it('updates a quantity, deletes below 1, removes one and clears all', async () => {
    const session = newCartSession()
    const line = (
      await call(store, 'POST', '/api/cart', { productId: kit.id }, { session })
    ).json<CartItem>()
    await call(store, 'POST', '/api/cart', { productId: poster.id }, { session })

    const updated = await call(store, 'PUT', `/api/cart/${line.id}`, { quantity: 4 }, { session })
    expect(updated.json<CartItem>().quantity).toBe(4)
    const gone = await call(store, 'PUT', `/api/cart/${line.id}`, { quantity: 0 }, { session })
    expect(gone.json()).toEqual({ id: line.id, deleted: true })
    expect((await cartOf(session)).map((i) => i.productId)).toEqual([poster.id])

    const other = (await cartOf(session))[0]!
    expect(
      (await call(store, 'DELETE', `/api/cart/${other.id}`, undefined, { session })).json(),
    ).toEqual({
      success: true,
      removed: 1,
    })
    await call(store, 'POST', '/api/cart', { productId: kit.id }, { session })
    await call(store, 'POST', '/api/cart', { productId: poster.id }, { session })
    const cleared = await call(store, 'DELETE', '/api/cart', undefined, { session })
    expect(cleared.json()).toEqual({ success: true, removed: 2 })
    expect(await cartOf(session)).toEqual([])
  })

  it("answers 404 for another session's line and leaves it alone", async () => {
    const owner = newCartSession()
    const line = (
      await call(store, 'POST', '/api/cart', { productId: kit.id }, { session: owner })
    ).json<CartItem>()
    const stranger = { session: newCartSession() }
    expect(
      (await call(store, 'PUT', `/api/cart/${line.id}`, { quantity: 9 }, stranger)).statusCode,
    ).toBe(404)
    expect(
      (await call(store, 'PUT', `/api/cart/${line.id}`, { quantity: 0 }, stranger)).statusCode,
    ).toBe(404)
    const del = await call(store, 'DELETE', `/api/cart/${line.id}`, undefined, stranger)
    expect(del.statusCode).toBe(404)
    expect(del.json()).toEqual({ message: 'Item não encontrado no carrinho' })
    await call(store, 'DELETE', '/api/cart', undefined, stranger)
    expect((await cartOf(owner))[0]!.quantity).toBe(1)
  })

  it('refuses unknown, inactive and free products with a message', async () => {
    const session = { session: newCartSession() }
    const unknown = await call(store, 'POST', '/api/cart', { productId: 999999 }, session)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: 'Produto não encontrado' })
    expect(
      (await call(store, 'POST', '/api/cart', { productId: hidden.id }, session)).statusCode,
    ).toBe(404)
    const gratis = await call(store, 'POST', '/api/cart', { productId: free.id }, session)
    expect(gratis.statusCode).toBe(400)
    expect(gratis.json<{ message: string }>().message).toMatch(/gratuito/)
    const bad = await call(store, 'POST', '/api/cart', { productId: 'abc' }, session)
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ message: 'ID do produto inválido' })
    expect(
      (await call(store, 'POST', '/api/cart', { productId: kit.id, quantity: 0 }, session))
        .statusCode,
    ).toBe(400)
  })

  it('names the body field a schema refused in x-error-field, and no field for a refusal of the service', async () => {
    const session = { session: newCartSession() }
    const bad = await call(store, 'POST', '/api/cart', { productId: 'abc' }, session)
    expect([bad.statusCode, bad.headers['x-error-field']]).toEqual([400, 'productId'])
    const gratis = await call(store, 'POST', '/api/cart', { productId: free.id }, session)
    expect([gratis.statusCode, gratis.headers['x-error-field']]).toEqual([400, undefined])
  })

  it('takes the emergency add once however often it is retried with the same timestamp', async () => {
    const session = newCartSession()
    const emergency = (timestamp: number, quantity = 2) =>
      call(
        store,
        'POST',
        '/api/cart',
        { productId: kit.id, quantity, forceAdd: true, timestamp },
        {
          session,
          headers: { 'x-emergency-add': 'true', 'cache-control': 'no-cache' },
        },
      )
    const first = await emergency(1_750_000_000_000)
    expect(first.statusCode).toBe(200)
    await emergency(1_750_000_000_000)
    await emergency(1_750_000_000_000)
    expect((await cartOf(session))[0]!.quantity).toBe(2)
    // A new add (new timestamp) adds again.
    await emergency(1_750_000_000_999, 1)
    expect((await cartOf(session))[0]!.quantity).toBe(3)
    const fallback = await call(store, 'GET', '/api/cart/emergency', undefined, { session })
    expect(fallback.json<CartItem[]>()[0]!.quantity).toBe(3)
  })

  it('caps a line at 99', async () => {
    const session = { session: newCartSession() }
    await call(store, 'POST', '/api/cart', { productId: poster.id, quantity: 90 }, session)
    const res = await call(
      store,
      'POST',
      '/api/cart',
      { productId: poster.id, quantity: 90 },
      session,
    )
    expect(res.json<CartItem>().quantity).toBe(99)
    expect(
      (await call(store, 'POST', '/api/cart', { productId: poster.id, quantity: 100 }, session))
        .statusCode,
    ).toBe(400)
  })
})

describe('mergeGuestCart', () => {
  it('adds the guest quantities to the user cart, one line per product, and empties the guest cart', async () => {
    const { cart, accounts } = store.app.services
    const user = await accounts.register({
      firstName: 'Ana',
      lastName: 'Lima',
      email: 'ana.merge@exemplo.com',
      whatsapp: '11987654321',
      password: 'segredo1',
    })
    const mine = { sessionId: newCartSession(), userId: user.id }
    await cart.add(mine, { productId: kit.id, quantity: 1 })
    const guest = newCartSession()
    await call(store, 'POST', '/api/cart', { productId: kit.id, quantity: 2 }, { session: guest })
    await call(store, 'POST', '/api/cart', { productId: poster.id }, { session: guest })

    await Promise.all([cart.mergeGuestCart(guest, user.id), cart.mergeGuestCart(guest, user.id)])
    const merged = await cart.list({ sessionId: guest, userId: user.id })
    expect(merged.map((i) => [i.productId, i.quantity, i.userId])).toEqual([
      [kit.id, 3, user.id],
      [poster.id, 1, user.id],
    ])
    expect(await cartOf(guest)).toEqual([])
    // Back as a guest on the same browser: an empty guest cart, the user's kept apart.
    await call(store, 'POST', '/api/cart', { productId: kit.id }, { session: guest })
    expect((await cartOf(guest)).map((i) => i.quantity)).toEqual([1])
    expect((await cart.list(mine))[0]!.quantity).toBe(3)
  })
})
