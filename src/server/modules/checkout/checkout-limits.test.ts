import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminCoupon, CouponInput } from '../../../contracts/coupons.js'
import { RATE_LIMITS } from '../../http/rate-limit.js'
import { adminSession, customerSession, newIp } from '../../testing/auth.js'
import { call, guestForm, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { MAX_PENDING_USES_PER_EMAIL } from '../coupons/coupons.service.js'

/**
 * Coupon guesses, guest orders and the uses unpaid orders hold, limited. This
 * file runs with the production limits (the other files raise them: one address sends all).
 */
let store: TestStore
let admin: string
let book: { id: number }
let codes = 0

beforeAll(async () => {
  store = await createTestStore({ realCheckoutLimits: true })
  admin = (await adminSession(store.app)).cookie
  book = await insertProduct(store, { name: 'Caderno de Atividades', priceCents: 4000 })
})
afterAll(() => store.close())

async function createCoupon(input: Partial<CouponInput> = {}): Promise<AdminCoupon> {
  const body = { code: `LIMITE${++codes}X${Date.now() % 10000}`, type: 'percent', value: 10 }
  const res = await call(
    store,
    'POST',
    '/api/admin/coupons',
    { ...body, ...input },
    { cookie: admin },
  )
  if (res.statusCode !== 201) throw new Error(`coupon: ${res.statusCode} ${res.body}`)
  return res.json<AdminCoupon>()
}

const items = () => [{ productId: book.id, quantity: 1 }]
const validate = (code: string, ip: string) =>
  store.app.inject({
    method: 'POST',
    url: '/api/coupons/validate',
    remoteAddress: ip,
    payload: { code, items: items() },
  })
const checkout = (
  ip: string,
  body: Record<string, unknown> = {},
  form: Record<string, unknown> = {},
  cookie?: string,
) =>
  store.app.inject({
    method: 'POST',
    url: '/api/checkout',
    remoteAddress: ip,
    headers: { 'x-session-id': newCartSession(), ...(cookie ? { cookie } : {}) },
    payload: { items: items(), customerData: guestForm(form), ...body },
  })
const tooMany = (res: { statusCode: number; json: () => { message: string } }) => {
  expect(res.statusCode).toBe(429)
  expect(res.json().message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/)
}

describe('coupon codes tried from one address', () => {
  it('answer 429 in Portuguese past the limit of wrong codes; codes that apply do not count', async () => {
    const ip = newIp()
    const good = await createCoupon()
    for (let i = 0; i < RATE_LIMITS.couponCheckIp.limit; i += 1) {
      // A buyer's right code in between adds nothing to the count.
      expect((await validate(good.code, ip)).json()).toMatchObject({ valid: true })
      expect((await validate(`CHUTE${i}`, ip)).json()).toMatchObject({ valid: false })
    }
    tooMany(await validate('CHUTE-FINAL', ip))
    tooMany(await validate(good.code, ip))
    // Another address is not held back.
    expect((await validate(good.code, newIp())).json()).toMatchObject({ valid: true })
  })

  it('count at checkout too, with the same counter, and an order without a code still goes', async () => {
    const ip = newIp()
    for (let i = 0; i < RATE_LIMITS.couponCheckIp.limit; i += 1) {
      expect((await checkout(ip, { couponCode: `CHUTE${i}` })).statusCode).toBe(400)
    }
    tooMany(await validate('OUTRO', ip))
    tooMany(await checkout(ip, { couponCode: 'OUTRO' }))
    expect((await checkout(ip)).statusCode).toBe(201)
  })

  it('answer one message for a code that cannot be used: unknown, inactive, early, expired, sold out', async () => {
    const soldOut = await createCoupon({ maxUses: 1 })
    expect((await checkout(newIp(), { couponCode: soldOut.code })).statusCode).toBe(201)
    const unusable = [
      'NAO-EXISTE',
      (await createCoupon({ isActive: false })).code,
      (await createCoupon({ startsAt: '2999-01-01T00:00:00Z' })).code,
      (await createCoupon({ endsAt: '2020-01-01T00:00:00Z' })).code,
      soldOut.code,
    ]
    for (const code of unusable) {
      const checked = await validate(code, newIp())
      expect([checked.statusCode, checked.json()]).toEqual([
        200,
        {
          valid: false,
          code,
          subtotalAmount: '40.00',
          discountAmount: '0.00',
          totalAmount: '40.00',
          message: 'Cupom inválido',
        },
      ])
      const ordered = await checkout(newIp(), { couponCode: code })
      expect([ordered.statusCode, ordered.json()]).toEqual([400, { message: 'Cupom inválido' }])
    }
  })
})

describe('guest orders', () => {
  it('are limited per address per hour; a logged-in buyer there is not', async () => {
    const ip = newIp()
    for (let i = 0; i < RATE_LIMITS.guestCheckoutIp.limit; i += 1) {
      expect((await checkout(ip)).statusCode).toBe(201)
    }
    tooMany(await checkout(ip))
    const customer = await customerSession(store.app)
    const res = await checkout(ip, { customerData: undefined }, {}, customer.cookie)
    expect(res.statusCode).toBe(201)
    expect((await checkout(newIp())).statusCode).toBe(201)
  })

  it('are limited per e-mail per hour, from every address together', async () => {
    const email = `alvo.${Date.now()}@exemplo.com`
    for (let i = 0; i < RATE_LIMITS.guestCheckoutEmail.limit; i += 1) {
      expect((await checkout(newIp(), {}, { email })).statusCode).toBe(201)
    }
    tooMany(await checkout(newIp(), {}, { email: email.toUpperCase() }))
    expect((await checkout(newIp(), {}, { email: `outra.${email}` })).statusCode).toBe(201)
  })
})

describe('the uses one e-mail’s unpaid orders hold on a coupon', () => {
  it('are capped, so a few unpaid orders cannot hold every use of a limited coupon', async () => {
    const coupon = await createCoupon({ maxUses: 5 })
    const email = `segura.${Date.now()}@exemplo.com`
    // Four at once (the fifth order this hour is the e-mail's last, used below).
    const placed = await Promise.all(
      Array.from({ length: 4 }, () => checkout(newIp(), { couponCode: coupon.code }, { email })),
    )
    const held = placed.filter((r) => r.statusCode === 201)
    expect(held).toHaveLength(MAX_PENDING_USES_PER_EMAIL)
    for (const refused of placed.filter((r) => r.statusCode !== 201)) {
      expect([refused.statusCode, refused.json()]).toEqual([
        409,
        {
          message:
            'Você já tem pedidos aguardando pagamento com este cupom: pague um deles ou espere o PIX expirar',
        },
      ])
    }
    // The other buyers still find uses left.
    const other = await checkout(newIp(), { couponCode: coupon.code })
    expect(other.statusCode).toBe(201)
    // Paying one of them frees a place for another unpaid order of that e-mail.
    const orderId = held[0]!.json<{ order: { id: string } }>().order.id
    const paid = await call(
      store,
      'PUT',
      `/api/admin/orders/${orderId}/status`,
      { status: 'paid' },
      { cookie: admin },
    )
    expect(paid.statusCode).toBe(200)
    expect((await checkout(newIp(), { couponCode: coupon.code }, { email })).statusCode).toBe(201)
  })

  it('are not capped on a coupon without a limit of uses', async () => {
    const coupon = await createCoupon()
    const email = `livre.${Date.now()}@exemplo.com`
    for (let i = 0; i < MAX_PENDING_USES_PER_EMAIL + 1; i += 1) {
      expect((await checkout(newIp(), { couponCode: coupon.code }, { email })).statusCode).toBe(201)
    }
  })
})
