import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutAnswer } from '../../../contracts/checkout.js'
import { cookieFrom, login, newIp, registeredCustomer } from '../../testing/auth.js'
import { call, guestForm, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

let store: TestStore
let productId: number
beforeAll(async () => {
  store = await createTestStore()
  productId = (await insertProduct(store, { name: 'Kit Leitura', priceCents: 1500 })).id
})
afterAll(() => store.close())

/** A checkout that asks for an account, from `ip`. */
const checkoutWithAccount = (
  ip: string,
  form: Record<string, unknown> = {},
  session = newCartSession(),
) =>
  store.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { 'x-session-id': session },
    remoteAddress: ip,
    payload: {
      items: [{ productId }],
      customerData: guestForm({ createAccount: true, password: 'segredo1', ...form }),
    },
  })

const ordersOf = async (cookie: string) =>
  (await call(store, 'GET', '/api/user/orders', undefined, { cookie })).json<{ id: string }[]>()

describe('Accounts made at checkout', () => {
  it('are limited per IP like /api/auth/register', async () => {
    const ip = newIp()
    const statuses: number[] = []
    for (let i = 0; i < 11; i += 1) statuses.push((await checkoutWithAccount(ip)).statusCode)
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201))
    expect(statuses[10]).toBe(429)
    // Another machine is not held back.
    expect((await checkoutWithAccount(newIp())).statusCode).toBe(201)
  })

  it('a registered e-mail is not refused: the order goes through, and nobody is logged in', async () => {
    const owner = await registeredCustomer(store.app)
    const res = await checkoutWithAccount(newIp(), { email: owner.email, whatsapp: owner.whatsapp })
    expect(res.statusCode).toBe(201)
    expect(res.json<CheckoutAnswer>()).toMatchObject({
      accountCreated: false,
      accountExists: true,
      order: { userId: null, customerEmail: owner.email },
    })
    expect(res.headers['set-cookie']).toBeUndefined()
  })

  it('the account sees that order, and its materials, once its owner logs in with the right password', async () => {
    const owner = await registeredCustomer(store.app)
    const session = newCartSession()
    const placed = await checkoutWithAccount(
      newIp(),
      { email: owner.email, whatsapp: owner.whatsapp },
      session,
    )
    const { order } = placed.json<CheckoutAnswer>()
    const paid = await call(
      store,
      'POST',
      `/api/orders/${order.id}/confirm-payment`,
      {},
      { session },
    )
    expect(paid.statusCode).toBe(200)

    // A wrong password claims nothing.
    expect((await login(store.app, owner.email, 'senha-errada')).statusCode).toBe(401)
    const res = await login(store.app, owner.email, owner.password)
    expect(res.statusCode).toBe(200)
    const cookie = cookieFrom(res.headers['set-cookie'])
    expect((await ordersOf(cookie)).map((o) => o.id)).toEqual([order.id])
    const purchases = await call(store, 'GET', '/api/user/purchases', undefined, { cookie })
    expect(purchases.json<{ productId: number }[]>().map((p) => p.productId)).toEqual([productId])
  })

  it('an order with the same e-mail but another WhatsApp is not given to the account', async () => {
    const owner = await registeredCustomer(store.app)
    await checkoutWithAccount(newIp(), { email: owner.email, whatsapp: '(21) 99999-0000' })
    const res = await login(store.app, owner.email, owner.password)
    expect(await ordersOf(cookieFrom(res.headers['set-cookie']))).toEqual([])
  })
})
