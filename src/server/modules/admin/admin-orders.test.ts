import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminOrder } from '../../../contracts/admin.js'
import type { CustomerPurchase } from '../../../contracts/customer.js'
import { adminSession, customerSession } from '../../testing/auth.js'
import { call, guestCheckout, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { storeRows } from '../../testing/rows.js'
import { adminApi } from '../../testing/admin.js'

let store: TestStore
let admin: string
let kit: { id: number }
beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
  kit = await insertProduct(store, { name: 'Kit', priceCents: 2990 })
})
afterAll(() => store.close())

const { setStatus } = adminApi(
  () => store,
  () => admin,
)
const { purchasesOf } = storeRows(() => store)
const pendingOrder = async () =>
  (await guestCheckout(store, newCartSession(), [{ productId: kit.id, quantity: 2 }])).order.id

describe('PUT /api/admin/orders/:id/status', () => {
  it('marks a PIX order paid, creating its purchases once however often it is sent', async () => {
    const id = await pendingOrder()
    const answers = await Promise.all([setStatus(id, 'paid'), setStatus(id, 'paid')])
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json<AdminOrder>()).toMatchObject({
        id,
        status: 'paid',
        paidAt: expect.any(String),
        items: [{ productId: kit.id, quantity: 2, unitPrice: '29.90' }],
      })
    }
    expect((await setStatus(id, 'paid')).statusCode).toBe(200)
    const granted = await purchasesOf(id)
    expect(granted).toHaveLength(1)
    expect(granted[0]).toMatchObject({ maxDownloads: 6, revokedAt: null })
  })

  it('refunding revokes the downloads at once', async () => {
    const buyer = await customerSession(store.app)
    const checkout = await call(
      store,
      'POST',
      '/api/checkout',
      { items: [{ productId: kit.id }] },
      {
        cookie: buyer.cookie,
        session: newCartSession(),
      },
    )
    const id = checkout.json<{ order: { id: string } }>().order.id
    await setStatus(id, 'paid')
    const mine = () =>
      call(store, 'GET', '/api/user/purchases', undefined, { cookie: buyer.cookie }).then((r) =>
        r.json<CustomerPurchase[]>(),
      )
    expect(await mine()).toHaveLength(1)
    const res = await setStatus(id, 'refunded')
    expect(res.json()).toMatchObject({ id, status: 'refunded' })
    expect((await purchasesOf(id))[0]?.revokedAt).toBeInstanceOf(Date)
    expect(await mine()).toEqual([])
    const download = await call(store, 'POST', `/api/user/download/${kit.id}`, undefined, {
      cookie: buyer.cookie,
    })
    expect(download.statusCode).toBeGreaterThanOrEqual(400)
  })

  it('cancels a pending order', async () => {
    const id = await pendingOrder()
    expect((await setStatus(id, 'cancelled')).json()).toMatchObject({ status: 'cancelled' })
    expect(await purchasesOf(id)).toEqual([])
  })

  it.each([
    ['paid', 'pending', 'Não é possível mudar um pedido Pago para Pendente'],
    ['paid', 'cancelled', 'Não é possível mudar um pedido Pago para Cancelado'],
    ['refunded', 'paid', 'Não é possível mudar um pedido Reembolsado para Pago'],
    ['cancelled', 'paid', 'Não é possível mudar um pedido Cancelado para Pago'],
    ['pending', 'refunded', 'Não é possível mudar um pedido Pendente para Reembolsado'],
  ])('refuses %s → %s with 409', async (from, to, message) => {
    const id = await pendingOrder()
    if (from === 'paid' || from === 'refunded') await setStatus(id, 'paid')
    if (from !== 'pending' && from !== 'paid') await setStatus(id, from)
    const res = await setStatus(id, to)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ message })
  })

  it('answers 404 for an unknown order and 400 for an unknown status', async () => {
    expect((await setStatus('nao-existe', 'paid')).statusCode).toBe(404)
    const res = await setStatus(await pendingOrder(), 'confirmed')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      message: 'Status inválido: use pending, paid, cancelled ou refunded',
    })
  })
})
