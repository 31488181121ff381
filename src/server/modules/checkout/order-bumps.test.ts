import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BumpStat } from '../../../contracts/admin.js'
import type { CheckoutAnswer } from '../../../contracts/checkout.js'
import { formatBRL } from '../../../contracts/money.js'
import type { AdminProduct, CheckoutOffer } from '../../../contracts/products.js'
import { adminSession } from '../../testing/auth.js'
import { call, guestForm, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { formData, productFields, sendForm } from '../../testing/uploads.js'

let store: TestStore
let admin: string
let planner: { id: number }
let adesivos: { id: number }
let agenda: { id: number }

beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
  planner = await insertProduct(store, { name: 'Planner', priceCents: 3000 })
  adesivos = await insertProduct(store, { name: 'Adesivos', priceCents: 1500 })
  agenda = await insertProduct(store, { name: 'Agenda', priceCents: 2000 })
  const res = await call(
    store,
    'PUT',
    `/api/products/${planner.id}/update-json`,
    {
      name: 'Planner',
      price: '30.00',
      orderBumps: [
        { productId: adesivos.id, offerPrice: '5.00' },
        { productId: agenda.id, offerPrice: '9,90' },
      ],
    },
    { cookie: admin },
  )
  if (res.statusCode !== 200) throw new Error(res.body)
  store.app.services.catalog.invalidate()
})
afterAll(() => store.close())

const checkout = (items: unknown[]) =>
  call(
    store,
    'POST',
    '/api/checkout',
    { items, customerData: guestForm() },
    { session: newCartSession() },
  )

describe('order bumps', () => {
  it('are set through the product routes and shown in its JSON', async () => {
    const product = (await call(store, 'GET', `/api/products/${planner.id}`)).json<AdminProduct>()
    expect(product.orderBumps).toEqual([
      { productId: adesivos.id, offerPrice: '5.00' },
      { productId: agenda.id, offerPrice: '9.90' },
    ])
  })

  it('refuse more than 3, duplicates, bad prices, the product itself and unknown products', async () => {
    const cases: [unknown, string][] = [
      [
        [1, 2, 3, 4].map((n) => ({ productId: n, offerPrice: '1.00' })),
        'Ofertas no checkout inválidas: até 3, cada uma com produto e preço',
      ],
      [
        [
          { productId: agenda.id, offerPrice: '1.00' },
          { productId: agenda.id, offerPrice: '2.00' },
        ],
        'Ofertas no checkout inválidas: até 3, cada uma com produto e preço',
      ],
      [
        [{ productId: agenda.id, offerPrice: '-1' }],
        'Ofertas no checkout inválidas: até 3, cada uma com produto e preço',
      ],
      [
        [{ productId: adesivos.id, offerPrice: '1.00' }],
        'Um produto não pode ser oferta de si mesmo',
      ],
      [[{ productId: 999_999, offerPrice: '1.00' }], 'Um dos produtos das ofertas não existe'],
    ]
    for (const [orderBumps, message] of cases) {
      const res = await call(
        store,
        'PUT',
        `/api/products/${adesivos.id}/update-json`,
        { name: 'Adesivos', price: '15.00', orderBumps },
        { cookie: admin },
      )
      expect([res.statusCode, res.json()]).toEqual([400, { message }])
    }
  })

  it('refuse an offer price not below the product’s own (400, the field named)', async () => {
    for (const offerPrice of ['20.00', '25,00']) {
      const res = await call(
        store,
        'PUT',
        `/api/products/${adesivos.id}/update-json`,
        { name: 'Adesivos', price: '15.00', orderBumps: [{ productId: agenda.id, offerPrice }] },
        { cookie: admin },
      )
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        message: `O preço da oferta de Agenda deve ser menor que o preço dele (${formatBRL(2000)})`,
      })
      expect(res.headers['x-error-field']).toBe('orderBumps')
    }
    const below = await call(
      store,
      'PUT',
      `/api/products/${adesivos.id}/update-json`,
      {
        name: 'Adesivos',
        price: '15.00',
        orderBumps: [{ productId: agenda.id, offerPrice: '19.99' }],
      },
      { cookie: admin },
    )
    expect(below.statusCode).toBe(200)
    // Left as the other tests expect it: no bumps on Adesivos.
    await call(
      store,
      'PUT',
      `/api/products/${adesivos.id}/update-json`,
      { name: 'Adesivos', price: '15.00', orderBumps: [] },
      { cookie: admin },
    )
  })

  it('take JSON text in a multipart form', async () => {
    const form = formData(
      productFields({
        name: 'Agenda',
        price: '20.00',
        orderBumps: JSON.stringify([{ productId: adesivos.id, offerPrice: '4.00' }]),
      }),
      [],
    )
    const res = await sendForm(store, `/api/products/${agenda.id}`, form, admin, 'PUT')
    expect(res.json<AdminProduct>().orderBumps).toEqual([
      { productId: adesivos.id, offerPrice: '4.00' },
    ])
    store.app.services.catalog.invalidate()
  })

  it('are offered at checkout for the products in the cart, never one already there', async () => {
    const res = await call(store, 'GET', `/api/checkout/offers?productIds=${planner.id}`)
    expect(
      res.json<CheckoutOffer[]>().map((o) => [o.productId, o.offerPrice, o.forProductId]),
    ).toEqual([
      [adesivos.id, '5.00', planner.id],
      [agenda.id, '9.90', planner.id],
    ])
    const both = await call(
      store,
      'GET',
      `/api/checkout/offers?productIds=${planner.id},${agenda.id}`,
    )
    expect(both.json<CheckoutOffer[]>().map((o) => o.productId)).toEqual([adesivos.id])
  })

  it('charge the offer price with the parent in the order, one PIX for all', async () => {
    const res = await checkout([
      { productId: planner.id, quantity: 1 },
      { productId: adesivos.id, quantity: 5, bumpFor: planner.id, price: '0.01' },
    ])
    const answer = res.json<CheckoutAnswer>()
    expect(answer.order.totalAmount).toBe('35.00')
    expect(answer.pixPaymentData!.amount).toBe('35.00')
    expect(answer.order.items.find((i) => i.productId === adesivos.id)).toMatchObject({
      quantity: 1,
      unitPrice: '5.00',
      bumpFor: planner.id,
    })
  })

  it('charge the normal price for a bump without its parent, or one it does not offer', async () => {
    const alone = await checkout([{ productId: adesivos.id, quantity: 1, bumpFor: planner.id }])
    expect(alone.json<CheckoutAnswer>().order.totalAmount).toBe('15.00')
    const notOffered = await checkout([
      { productId: adesivos.id },
      { productId: planner.id, bumpFor: adesivos.id },
    ])
    expect(notOffered.json<CheckoutAnswer>().order.totalAmount).toBe('45.00')
    const negative = await checkout([{ productId: planner.id, quantity: -1 }])
    expect([negative.statusCode, negative.json()]).toEqual([
      400,
      { message: 'Quantidade inválida' },
    ])
  })

  it('are counted in the admin’s report once paid', async () => {
    const res = await checkout([
      { productId: planner.id },
      { productId: agenda.id, bumpFor: planner.id },
    ])
    const { order } = res.json<CheckoutAnswer>()
    await call(
      store,
      'PUT',
      `/api/admin/orders/${order.id}/status`,
      { status: 'paid' },
      {
        cookie: admin,
      },
    )
    const report = await call(store, 'GET', '/api/admin/order-bumps', undefined, { cookie: admin })
    expect(report.json<BumpStat[]>()).toEqual([
      {
        forProductId: planner.id,
        forProductName: 'Planner',
        productId: agenda.id,
        productName: 'Agenda',
        taken: 1,
        revenue: '9.90',
      },
    ])
    expect((await call(store, 'GET', '/api/admin/order-bumps')).statusCode).toBe(401)
  })
})
