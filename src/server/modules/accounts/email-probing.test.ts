import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutAnswer } from '../../../contracts/checkout.js'
import { RATE_LIMITS } from '../../http/rate-limit.js'
import { newCustomer, newIp, registeredCustomer } from '../../testing/auth.js'
import { guestForm, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

/**
 * Sign-up answers 409 for an e-mail that has an account (SPEC.md), and a
 * checkout that asks for an account answers `accountExists`; both tell whether an e-mail is a
 * customer's. The answers stay; one address asking about many e-mails is refused like a login
 * guesser (429 'Muitas tentativas'), counted before the e-mail is looked at.
 */
let store: TestStore
let productId: number
const taken: string[] = []

beforeAll(async () => {
  store = await createTestStore({ realCheckoutLimits: true })
  productId = (await insertProduct(store, { name: 'Caderno', priceCents: 1500 })).id
  for (let i = 0; i <= RATE_LIMITS.register.limit; i += 1) {
    taken.push((await registeredCustomer(store.app)).email)
  }
})
afterAll(() => store.close())

const signUp = (email: string, ip: string) =>
  store.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: newCustomer({ email }),
    remoteAddress: ip,
  })
const checkoutAsking = (email: string, ip: string) =>
  store.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { 'x-session-id': newCartSession() },
    remoteAddress: ip,
    payload: {
      items: [{ productId }],
      customerData: guestForm({ email, createAccount: true, password: 'segredo1' }),
    },
  })
const tooMany = (res: { statusCode: number; json: () => { message: string } }) => {
  expect(res.statusCode).toBe(429)
  expect(res.json().message).toMatch(/^Muitas tentativas/)
}

describe('asking whether e-mails have accounts', () => {
  it('sign-up keeps its 409, and one address probing e-mails meets 429', async () => {
    const ip = newIp()
    for (const email of taken.slice(0, RATE_LIMITS.register.limit)) {
      const res = await signUp(email, ip)
      expect([res.statusCode, res.json()]).toEqual([
        409,
        { message: 'Este email já está cadastrado. Faça login.' },
      ])
    }
    tooMany(await signUp(taken.at(-1)!, ip))
    tooMany(await signUp(newCustomer().email, ip))
    // Someone else, elsewhere, still gets SPEC's answer.
    expect((await signUp(taken.at(-1)!, newIp())).statusCode).toBe(409)
  })

  it('the checkout’s accountExists is limited per address the same way', async () => {
    const ip = newIp()
    for (const email of taken.slice(0, RATE_LIMITS.register.limit)) {
      const res = await checkoutAsking(email, ip)
      expect(res.statusCode).toBe(201)
      expect(res.json<CheckoutAnswer>().accountExists).toBe(true)
    }
    tooMany(await checkoutAsking(taken.at(-1)!, ip))
    const elsewhere = await checkoutAsking(taken.at(-1)!, newIp())
    expect(elsewhere.json<CheckoutAnswer>().accountExists).toBe(true)
  })
})
