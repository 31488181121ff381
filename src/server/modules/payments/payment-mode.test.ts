import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminAnalytics, AdminPaymentMode } from '../../../contracts/admin.js'
import { settingText } from '../../../contracts/settings.js'
import {
  PAYMENT_UNAVAILABLE_MESSAGE,
  type CheckoutAnswer,
  type OrderStatusAnswer,
} from '../../../contracts/checkout.js'
import { adminSession } from '../../testing/auth.js'
import { call, guestCheckout, guestForm, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { storeRows } from '../../testing/rows.js'

// One store walked through its life: demo on a new install, a PIX key, the key cleared, and the
// owner's explicit switch back to demo. The tests run in this order on purpose.
let store: TestStore
let admin: string
let kit: { id: number }
/** An order placed in demo mode and left unpaid, for the confirm-payment rule later. */
const demoSession = newCartSession()
let demoOrderId: string

beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
  kit = await insertProduct(store, { name: 'Kit', priceCents: 2990 })
})
afterAll(() => store.close())

const saveSetting = (key: string, value: string) =>
  call(store, 'POST', '/api/admin/settings', { key, value }, { cookie: admin })
const modeNow = async () =>
  (
    await call(store, 'GET', '/api/admin/payment-mode', undefined, { cookie: admin })
  ).json<AdminPaymentMode>().mode
const analytics = async () =>
  (
    await call(store, 'GET', '/api/admin/analytics', undefined, { cookie: admin })
  ).json<AdminAnalytics>()
const pixCheckout = () =>
  call(
    store,
    'POST',
    '/api/checkout',
    { items: [{ productId: kit.id }], customerData: guestForm() },
    { session: newCartSession() },
  )
const cardCheckout = () =>
  call(
    store,
    'POST',
    '/api/create-order-mercadopago',
    {
      items: [{ productId: kit.id }],
      customer: { firstName: 'Ana', lastName: 'Lima', email: 'ana@exemplo.com' },
    },
    { session: newCartSession() },
  )
const confirm = (orderId: string, session: string) =>
  call(store, 'POST', `/api/orders/${orderId}/confirm-payment`, {}, { session })
const { purchasesOf } = storeRows(() => store)
/** The switch in its stored text form, as the admin's list shows it. */
const demoSetting = async () =>
  settingText('payment_demo', await store.app.services.settings.get('payment_demo'))

describe('payment mode', () => {
  it('a new install is in demo mode, and says so: the buyer’s own confirmation pays', async () => {
    expect(await modeNow()).toBe('demo')
    const session = newCartSession()
    const { order, pixPaymentData } = await guestCheckout(store, session, [{ productId: kit.id }])
    expect(pixPaymentData).toMatchObject({ isDemo: true, provider: 'demo', recipientName: null })
    expect((await confirm(order.id, session)).json<OrderStatusAnswer>().status).toBe('confirmed')

    demoOrderId = (await guestCheckout(store, demoSession, [{ productId: kit.id }])).order.id
  })

  it('the demo switch takes only true or false', async () => {
    const res = await saveSetting('payment_demo', 'talvez')
    expect(res.statusCode).toBe(400)
    expect(await demoSetting()).toBe('true')
  })

  it('saving a PIX key leaves demo mode; the charge names the static provider, recipient and amount', async () => {
    expect((await saveSetting('pix_recipient_name', 'Ângela Materiais')).statusCode).toBe(200)
    expect((await saveSetting('pix_key', 'loja@exemplo.com')).statusCode).toBe(200)
    expect(await demoSetting()).toBe('false')
    expect(await modeNow()).toBe('static')

    const session = newCartSession()
    const answer = await guestCheckout(store, session, [{ productId: kit.id }])
    expect(answer.pixPaymentData).toMatchObject({
      provider: 'static',
      isDemo: false,
      recipientName: 'Ângela Materiais',
      amount: '29.90',
    })
    // A reload of the waiting page gets the same facts from the status answer.
    const status = await call(store, 'GET', `/api/orders/${answer.order.id}/status`, undefined, {
      session,
    })
    expect(status.json<OrderStatusAnswer>().pixPaymentData).toMatchObject({
      provider: 'static',
      recipientName: 'Ângela Materiais',
      amount: '29.90',
    })
  })

  it('confirm-payment outside demo mode pays nothing, not even an order made in demo', async () => {
    const session = newCartSession()
    const { order } = await guestCheckout(store, session, [{ productId: kit.id }])
    expect((await confirm(order.id, session)).json<OrderStatusAnswer>().status).toBe('pending')
    expect(await purchasesOf(order.id)).toHaveLength(0)

    const late = await confirm(demoOrderId, demoSession)
    expect(late.json<OrderStatusAnswer>().status).toBe('pending')
    expect(await purchasesOf(demoOrderId)).toHaveLength(0)
  })

  it('the overview counts the static orders whose buyer said she paid', async () => {
    const before = (await analytics()).awaitingConfirmation
    const session = newCartSession()
    const { order } = await guestCheckout(store, session, [{ productId: kit.id }])
    // Placed, not yet paid: nothing for the owner to check at the bank.
    expect((await analytics()).awaitingConfirmation).toBe(before)
    const claimed = await call(store, 'POST', `/api/orders/${order.id}/paid-claim`, undefined, {
      session,
    })
    expect(claimed.statusCode).toBe(200)
    expect((await analytics()).awaitingConfirmation).toBe(before + 1)
    const paid = await call(
      store,
      'PUT',
      `/api/admin/orders/${order.id}/status`,
      { status: 'paid' },
      { cookie: admin },
    )
    expect(paid.statusCode).toBe(200)
    expect((await analytics()).awaitingConfirmation).toBe(before)
  })

  it('clearing the PIX key never brings demo back: PIX and card checkout answer 503', async () => {
    expect((await saveSetting('pix_key', '')).statusCode).toBe(200)
    expect(await modeNow()).toBe('unavailable')
    for (const res of [await pixCheckout(), await cardCheckout()]) {
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ message: PAYMENT_UNAVAILABLE_MESSAGE })
    }
    // Nor does a restart.
    expect(await store.app.services.payments.providers.settleMode()).toBe('unavailable')
    expect(await demoSetting()).toBe('false')
  })

  it('the owner’s explicit switch brings demo mode back', async () => {
    expect((await saveSetting('payment_demo', 'true')).statusCode).toBe(200)
    expect(await modeNow()).toBe('demo')
    const res = await pixCheckout()
    expect(res.statusCode).toBe(201)
    expect(res.json<CheckoutAnswer>().pixPaymentData!.provider).toBe('demo')
  })

  it('a store that had a PIX key before the switch existed leaves demo at start-up', async () => {
    await store.app.services.settings.set('pix_key', 'loja@exemplo.com')
    expect(await store.app.services.payments.providers.settleMode()).toBe('static')
    expect(await demoSetting()).toBe('false')
    await store.app.services.settings.set('pix_key', '')
    expect(await modeNow()).toBe('unavailable')
  })
})
