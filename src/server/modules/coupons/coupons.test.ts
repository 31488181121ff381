import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutAnswer } from '../../../contracts/checkout.js'
import type { AdminCoupon, CouponInput } from '../../../contracts/coupons.js'
import { adminSession, customerSession } from '../../testing/auth.js'
import { call, guestForm, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { adminApi } from '../../testing/admin.js'
import { purchases } from '../downloads/downloads.tables.js'
import { orders } from '../orders/orders.tables.js'
import { couponUses, coupons } from './coupons.tables.js'

let store: TestStore
let admin: string
let clock = new Date('2026-03-10T12:00:00Z')
let book: { id: number }
let poster: { id: number }
let codeCount = 0

beforeAll(async () => {
  store = await createTestStore({ now: () => clock })
  admin = (await adminSession(store.app)).cookie
  book = await insertProduct(store, { name: 'Caderno de Atividades', priceCents: 4000 })
  poster = await insertProduct(store, { name: 'Cartaz do Alfabeto', priceCents: 1000 })
})
afterAll(() => store.close())

const newCode = () => `CUPOM${++codeCount}X${Date.now() % 10000}`

async function createCoupon(input: Partial<CouponInput> = {}): Promise<AdminCoupon> {
  const res = await call(
    store,
    'POST',
    '/api/admin/coupons',
    { code: newCode(), type: 'percent', value: 10, ...input },
    { cookie: admin },
  )
  if (res.statusCode !== 201) throw new Error(`coupon: ${res.statusCode} ${res.body}`)
  return res.json<AdminCoupon>()
}

const validate = (code: string, items: unknown) =>
  call(store, 'POST', '/api/coupons/validate', { code, items })

const checkout = (body: Record<string, unknown>, form = guestForm()) =>
  call(
    store,
    'POST',
    '/api/checkout',
    { customerData: form, ...body },
    { session: newCartSession() },
  )

const { setStatus } = adminApi(
  () => store,
  () => admin,
)

const report = async (id: number) =>
  (await call(store, 'GET', '/api/admin/coupons', undefined, { cookie: admin }))
    .json<AdminCoupon[]>()
    .find((c) => c.id === id)!

describe('the admin’s coupons', () => {
  it('are the admin’s alone', async () => {
    expect((await call(store, 'GET', '/api/admin/coupons')).statusCode).toBe(401)
    const customer = await customerSession(store.app)
    const asCustomer = { cookie: customer.cookie }
    expect((await call(store, 'GET', '/api/admin/coupons', undefined, asCustomer)).statusCode).toBe(
      403,
    )
    const body = { code: 'HACK', type: 'percent', value: 100 }
    expect((await call(store, 'POST', '/api/admin/coupons', body, asCustomer)).statusCode).toBe(403)
  })

  it('are created, listed, changed and deleted, with codes unique without case', async () => {
    const created = await createCoupon({ code: 'volta-aulas', type: 'fixed', value: '5,50' })
    expect(created).toMatchObject({ code: 'VOLTA-AULAS', type: 'fixed', value: '5.50', uses: 0 })
    const again = await call(
      store,
      'POST',
      '/api/admin/coupons',
      { code: 'Volta-Aulas', type: 'percent', value: 5 },
      { cookie: admin },
    )
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { message: 'Já existe um cupom com este código' },
    ])
    const changed = await call(
      store,
      'PUT',
      `/api/admin/coupons/${created.id}`,
      { code: 'VOLTA-AULAS', type: 'percent', value: 15, maxUses: 3, productIds: [book.id] },
      { cookie: admin },
    )
    expect(changed.json()).toMatchObject({ value: '15', maxUses: 3, productIds: [book.id] })
    const del = await call(store, 'DELETE', `/api/admin/coupons/${created.id}`, undefined, {
      cookie: admin,
    })
    expect(del.json()).toEqual({ deleted: true })
    expect(await report(created.id)).toBeUndefined()
  })

  it('refuse values out of their range with a Portuguese message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'percent', value: 0 }, 'Percentual entre 1 e 100'],
      [{ type: 'percent', value: 101 }, 'Percentual entre 1 e 100'],
      [{ type: 'fixed', value: '-3.00' }, 'Valor do desconto inválido'],
      [{ type: 'fixed', value: '0' }, 'Valor do desconto inválido'],
      [
        { type: 'percent', value: 10, code: 'com espaço' },
        'Use só letras, números, hífen e sublinhado no código',
      ],
      [
        {
          type: 'percent',
          value: 10,
          startsAt: '2026-03-10T00:00:00Z',
          endsAt: '2026-03-01T00:00:00Z',
        },
        'O fim deve ser depois do início',
      ],
    ]
    for (const [input, message] of cases) {
      const res = await call(
        store,
        'POST',
        '/api/admin/coupons',
        { code: newCode(), ...input },
        { cookie: admin },
      )
      expect([res.statusCode, res.json()]).toEqual([400, { message }])
    }
  })
})

describe('POST /api/coupons/validate', () => {
  it('quotes a percent coupon at database prices, whatever price the client sends', async () => {
    const coupon = await createCoupon({ value: 25 })
    const res = await validate(coupon.code.toLowerCase(), [
      { productId: book.id, quantity: 2, price: '0.01', unitPrice: '0.01' },
    ])
    expect(res.json()).toEqual({
      valid: true,
      code: coupon.code,
      subtotalAmount: '80.00',
      discountAmount: '20.00',
      totalAmount: '60.00',
      message: 'Cupom aplicado',
    })
  })

  it('says why a code does not apply', async () => {
    const items = [{ productId: poster.id, quantity: 1 }]
    // A code that cannot be used has one answer, whatever the reason, so
    // guesses do not tell which codes exist (these three had their own messages before).
    const cases: [string, string][] = [
      ['NAO-EXISTE', 'Cupom inválido'],
      [(await createCoupon({ isActive: false })).code, 'Cupom inválido'],
      [(await createCoupon({ endsAt: '2026-03-01T00:00:00Z' })).code, 'Cupom inválido'],
      [(await createCoupon({ startsAt: '2026-04-01T00:00:00Z' })).code, 'Cupom inválido'],
      [
        (await createCoupon({ minAmount: '50.00' })).code,
        'Este cupom vale para pedidos a partir de R$ 50,00',
      ],
      [
        (await createCoupon({ productIds: [book.id] })).code,
        'Este cupom não vale para os produtos do pedido',
      ],
    ]
    for (const [code, message] of cases) {
      const res = await validate(code, items)
      expect([res.statusCode, res.json()]).toMatchObject([200, { valid: false, message }])
    }
  })

  it('refuses a negative quantity and an empty list', async () => {
    const coupon = await createCoupon()
    const negative = await validate(coupon.code, [{ productId: book.id, quantity: -2 }])
    expect([negative.statusCode, negative.json()]).toEqual([
      400,
      { message: 'Quantidade inválida' },
    ])
    const empty = await validate(coupon.code, [])
    expect([empty.statusCode, empty.json()]).toEqual([400, { message: 'Carrinho vazio' }])
  })
})

describe('POST /api/checkout with couponCode', () => {
  it('discounts only the listed products and charges the PIX the discounted total', async () => {
    const coupon = await createCoupon({ value: 50, productIds: [book.id] })
    const res = await checkout({
      couponCode: ` ${coupon.code.toLowerCase()} `,
      items: [
        { productId: book.id, quantity: 1, price: '1.00' },
        { productId: poster.id, quantity: 1 },
      ],
      totalAmount: '1.00',
    })
    expect(res.statusCode).toBe(201)
    const answer = res.json<CheckoutAnswer>()
    expect(answer.order).toMatchObject({
      subtotalAmount: '50.00',
      discountAmount: '20.00',
      totalAmount: '30.00',
      couponCode: coupon.code,
    })
    expect(answer.pixPaymentData!.amount).toBe('30.00')
    const status = await call(store, 'GET', `/api/orders/${answer.order.id}/status`, undefined, {
      cookie: admin,
    })
    expect(status.json()).toMatchObject({
      subtotalAmount: '50.00',
      discountAmount: '20.00',
      totalAmount: '30.00',
      couponCode: coupon.code,
    })
    const listed = (
      await call(store, 'GET', '/api/admin/orders', undefined, { cookie: admin })
    ).json<{ id: string; discountAmount: string }[]>()
    expect(listed.find((o) => o.id === answer.order.id)?.discountAmount).toBe('20.00')
  })

  it('refuses the order, not just the discount, when the code does not apply', async () => {
    const expired = await createCoupon({ endsAt: '2026-03-01T00:00:00Z' })
    const res = await checkout({ couponCode: expired.code, items: [{ productId: book.id }] })
    // One answer for every unusable code (was 409 'Este cupom expirou').
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'Cupom inválido' }])
    const unknown = await checkout({ couponCode: 'NADA', items: [{ productId: book.id }] })
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { message: 'Cupom inválido' }])
  })

  it('holds a use while the order is pending and gives it back when it is cancelled', async () => {
    const coupon = await createCoupon({ maxUses: 1 })
    const items = [{ productId: poster.id, quantity: 1 }]
    const first = await checkout({ couponCode: coupon.code, items })
    expect(first.statusCode).toBe(201)
    const second = await checkout({ couponCode: coupon.code, items })
    // Sold out reads as any unusable code (was 409 'Cupom esgotado').
    expect([second.statusCode, second.json()]).toEqual([400, { message: 'Cupom inválido' }])
    expect((await validate(coupon.code, items)).json()).toMatchObject({
      valid: false,
      message: 'Cupom inválido',
    })

    expect((await setStatus(first.json<CheckoutAnswer>().order.id, 'cancelled')).statusCode).toBe(
      200,
    )
    expect((await report(coupon.id)).usesHeld).toBe(0)
    const third = await checkout({ couponCode: coupon.code, items })
    expect(third.statusCode).toBe(201)

    // Expiry goes through the same close: the use comes back when the pending order expires.
    const expired = await store.app.services.orders.cancelStale(Date.now() + 25 * 3600_000)
    expect(expired).toBeGreaterThan(0)
    expect((await report(coupon.id)).usesHeld).toBe(0)
    const [use] = await store.database.db
      .select()
      .from(couponUses)
      .where(eq(couponUses.orderId, third.json<CheckoutAnswer>().order.id))
    expect(use!.releasedAt).not.toBeNull()
  })

  it('counts uses per e-mail', async () => {
    const coupon = await createCoupon({ maxUsesPerEmail: 1 })
    const form = guestForm()
    const items = [{ productId: poster.id }]
    expect((await checkout({ couponCode: coupon.code, items }, form)).statusCode).toBe(201)
    const again = await checkout(
      { couponCode: coupon.code, items },
      { ...form, email: form.email.toUpperCase() },
    )
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { message: 'Você já usou este cupom o máximo de vezes permitido' },
    ])
  })

  it('pays at once an order a coupon takes to zero, and grants its purchases', async () => {
    const coupon = await createCoupon({ type: 'fixed', value: '500.00' })
    const res = await checkout({ couponCode: coupon.code, items: [{ productId: book.id }] })
    expect(res.statusCode).toBe(201)
    const answer = res.json<CheckoutAnswer>()
    expect(answer.order).toMatchObject({
      status: 'paid',
      totalAmount: '0.00',
      discountAmount: '40.00',
    })
    expect(answer.pixPaymentData).toBeNull()
    const [order] = await store.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, answer.order.id))
    expect(order).toMatchObject({ status: 'paid', paymentProvider: 'free', totalCents: 0 })
    const granted = await store.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.orderId, answer.order.id))
    expect(granted.map((p) => p.productId)).toEqual([book.id])
  })

  it('reports uses, discount given and revenue of paid orders', async () => {
    const coupon = await createCoupon({ value: 10 })
    const paid = await checkout({ couponCode: coupon.code, items: [{ productId: book.id }] })
    await checkout({ couponCode: coupon.code, items: [{ productId: poster.id }] })
    await setStatus(paid.json<CheckoutAnswer>().order.id, 'paid')
    expect(await report(coupon.id)).toMatchObject({
      usesHeld: 2,
      uses: 1,
      discountGiven: '4.00',
      revenue: '36.00',
    })
    // A used coupon is only deactivated: its report stays.
    const del = await call(store, 'DELETE', `/api/admin/coupons/${coupon.id}`, undefined, {
      cookie: admin,
    })
    expect(del.json()).toEqual({ deleted: false })
    expect(await report(coupon.id)).toMatchObject({ isActive: false, uses: 1 })
  })

  it('gives a coupon of one use to exactly one of 10 simultaneous checkouts', async () => {
    const coupon = await createCoupon({ maxUses: 1 })
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        checkout({ couponCode: coupon.code, items: [{ productId: book.id }] }),
      ),
    )
    const won = answers.filter((a) => a.statusCode === 201)
    expect(won).toHaveLength(1)
    for (const lost of answers.filter((a) => a.statusCode !== 201)) {
      // Was 409 'Cupom esgotado'.
      expect([lost.statusCode, lost.json()]).toEqual([400, { message: 'Cupom inválido' }])
    }
    const discounted = await store.database.db
      .select()
      .from(orders)
      .where(eq(orders.couponCode, coupon.code))
    expect(discounted).toHaveLength(1)
    const [row] = await store.database.db.select().from(coupons).where(eq(coupons.id, coupon.id))
    expect(row!.usesHeld).toBe(1)
  })

  it('uses the injected clock for the dates', async () => {
    const coupon = await createCoupon({ startsAt: '2026-03-11T00:00:00Z' })
    const items = [{ productId: book.id }]
    // Not yet valid: 400 like every unusable code (was 409).
    expect((await checkout({ couponCode: coupon.code, items })).statusCode).toBe(400)
    clock = new Date('2026-03-12T00:00:00Z')
    expect((await checkout({ couponCode: coupon.code, items })).statusCode).toBe(201)
    clock = new Date('2026-03-10T12:00:00Z')
  })
})
