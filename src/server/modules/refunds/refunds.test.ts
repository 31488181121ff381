import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CustomerOrder } from '../../../contracts/customer.js'
import type { AdminRefund, RefundRequestAnswer } from '../../../contracts/refunds.js'
import { customerSession } from '../../testing/auth.js'
import {
  call,
  guestCheckout,
  newCartSession,
  WEBHOOK_SECRET as SECRET,
} from '../../testing/commerce.js'
import { guestDownload } from '../../testing/downloads.js'
import type { FakeMercadoPago } from '../../testing/fake-mercadopago.js'
import { startFakeEvolution } from '../../testing/fake-evolution.js'
import { connectWhatsapp, outboxRow } from '../../testing/messaging.js'
import { createMercadoPagoShop, type MercadoPagoShop } from '../../testing/mercadopago-shop.js'
import type { TestStore } from '../../testing/test-app.js'
import { adminApi } from '../../testing/admin.js'
import { orderItems, orders } from '../orders/orders.tables.js'

const DAY = 24 * 60 * 60 * 1000
let shop: MercadoPagoShop
let fake: FakeMercadoPago
let store: TestStore
let kit: { id: number }
let admin: string
let orderRow: MercadoPagoShop['orderRow']
let paidOrder: MercadoPagoShop['paidOrder']

beforeAll(async () => {
  shop = await createMercadoPagoShop()
  ;({ fake, store, kit, admin, orderRow, paidOrder } = shop)
})
afterAll(() => shop.close())

const ask = (orderId: string, session: string, reason = 'Comprei errado') =>
  call(store, 'POST', `/api/orders/${orderId}/refund-request`, { reason }, { session })

const { adminCall } = adminApi(
  () => store,
  () => admin,
)

const refundCalls = () => fake.requests.filter((r) => r.path.endsWith('/refunds'))

describe('the buyer’s refund request', () => {
  it('refunds at once through Mercado Pago when nothing was downloaded, and downloads stop', async () => {
    const { session, buyer, paymentId } = await paidOrder()
    const res = await ask(buyer.orderId, session)
    expect(res.statusCode).toBe(200)
    expect(res.json<RefundRequestAnswer>()).toMatchObject({ status: 'refunded' })
    expect(res.json<RefundRequestAnswer>().message).toMatch(/^Reembolso feito/)
    expect(await orderRow(buyer.orderId)).toMatchObject({
      status: 'refunded',
      closedReason: 'refund_request',
    })
    expect(fake.payments.get(paymentId)!.status).toBe('refunded')
    const [sent] = refundCalls().filter((r) => r.path === `/v1/payments/${paymentId}/refunds`)
    expect(sent!.headers['x-idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    expect((await guestDownload(store, buyer, kit.id)).statusCode).toBe(403)

    // Mercado Pago's own 'refunded' notification afterwards changes nothing.
    const before = await orderRow(buyer.orderId)
    await store.app.inject(fake.webhook(paymentId, { secret: SECRET }))
    expect(await orderRow(buyer.orderId)).toEqual(before)
  })

  it('leaves a request whose materials were downloaded for the owner, who sees the history and refunds it', async () => {
    const { session, buyer, paymentId } = await paidOrder()
    expect((await guestDownload(store, buyer, kit.id)).statusCode).toBe(200)
    const res = await ask(buyer.orderId, session, 'O arquivo veio com defeito')
    expect(res.json<RefundRequestAnswer>()).toMatchObject({ status: 'review' })
    expect(res.json<RefundRequestAnswer>().message).toMatch(/a loja vai analisar/)
    expect((await orderRow(buyer.orderId)).status).toBe('paid')
    expect(fake.payments.get(paymentId)!.status).toBe('approved')

    const list = (await adminCall('GET', '/api/admin/refunds')).json<AdminRefund[]>()
    const mine = list.find((r) => r.orderId === buyer.orderId)!
    expect(mine).toMatchObject({
      origin: 'buyer',
      status: 'review',
      reason: 'O arquivo veio com defeito',
      totalAmount: '29.90',
      items: ['Kit Alfabetização'],
    })
    expect(mine.uses).toEqual([
      { kind: 'download', productName: 'Kit Alfabetização', at: expect.any(String) },
    ])

    const done = await adminCall('POST', `/api/admin/orders/${buyer.orderId}/refund`, {
      reason: 'Arquivo corrigido não serviu',
    })
    expect(done.statusCode).toBe(200)
    expect(done.json<AdminRefund>()).toMatchObject({ status: 'refunded', origin: 'buyer' })
    expect((await orderRow(buyer.orderId)).status).toBe('refunded')
    expect(fake.payments.get(paymentId)!.status).toBe('refunded')
    expect((await guestDownload(store, buyer, kit.id)).statusCode).toBe(403)
  })

  it('answers 409 from the 8th day, and offers the button only until the 7th', async () => {
    const { session, buyer } = await paidOrder()
    shop.clock.skew = 8 * DAY
    const res = await ask(buyer.orderId, session)
    expect(res.statusCode).toBe(409)
    expect(res.json<{ message: string }>().message).toMatch(
      /^O prazo de 7 dias para pedir o reembolso deste pedido terminou em \d\d\/\d\d\/\d{4}/,
    )
    expect((await orderRow(buyer.orderId)).status).toBe('paid')
    shop.clock.skew = 6 * DAY
    expect((await ask(buyer.orderId, session)).statusCode).toBe(200)
  })

  it('answers 404 for another customer’s order, or nobody’s, and changes nothing', async () => {
    const { buyer } = await paidOrder()
    const stranger = await customerSession(store.app)
    for (const res of [
      await ask(buyer.orderId, newCartSession()),
      await call(
        store,
        'POST',
        `/api/orders/${buyer.orderId}/refund-request`,
        { reason: 'x' },
        {
          cookie: stranger.cookie,
          session: newCartSession(),
        },
      ),
      await ask('nao-existe', newCartSession()),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Pedido não encontrado' }])
    }
    expect((await orderRow(buyer.orderId)).status).toBe('paid')
  })

  it('takes one request per order, even five at once; a pending order cannot be refunded', async () => {
    const { session, buyer } = await paidOrder()
    const answers = await Promise.all(Array.from({ length: 5 }, () => ask(buyer.orderId, session)))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409])
    const paymentId = (await orderRow(buyer.orderId)).providerPaymentId!
    expect(
      refundCalls().filter((r) => r.path === `/v1/payments/${paymentId}/refunds`),
    ).toHaveLength(1)

    const pending = await guestCheckout(store, session, [{ productId: kit.id }])
    const res = await ask(pending.order.id, session)
    expect([res.statusCode, res.json()]).toEqual([
      409,
      { message: 'Só um pedido pago pode ser reembolsado.' },
    ])
    const long = await ask(pending.order.id, session, 'x'.repeat(501))
    expect(long.statusCode).toBe(400)
  })

  it('shows the customer area whether a refund can be asked, and what became of it', async () => {
    shop.clock.skew = 0
    const ana = await customerSession(store.app)
    const session = newCartSession()
    const res = await call(
      store,
      'POST',
      '/api/checkout',
      { items: [{ productId: kit.id }] },
      {
        cookie: ana.cookie,
        session,
      },
    )
    const orderId = res.json<{ order: { id: string } }>().order.id
    const paymentId = (await orderRow(orderId)).providerPaymentId!
    fake.setStatus(paymentId, 'approved')
    await store.app.inject(fake.webhook(paymentId, { secret: SECRET }))
    const list = async () =>
      (await call(store, 'GET', '/api/user/orders', undefined, { cookie: ana.cookie })).json<
        CustomerOrder[]
      >()
    const [paid] = await list()
    expect(paid!.refund.status).toBeNull()
    const paidAt = (await orderRow(orderId)).paidAt!.getTime()
    expect(Date.parse(paid!.refund.requestableUntil!)).toBe(paidAt + 7 * DAY)

    // From the account, on another device (another cart session): still the owner.
    const asked = await call(
      store,
      'POST',
      `/api/orders/${orderId}/refund-request`,
      {},
      {
        cookie: ana.cookie,
        session: newCartSession(),
      },
    )
    expect(asked.json<RefundRequestAnswer>().status).toBe('refunded')
    const [after] = await list()
    expect(after).toMatchObject({
      status: 'refunded',
      refund: { status: 'refunded', requestableUntil: null },
    })
  })
})

describe('the owner’s refunds', () => {
  it('keeps the order paid when Mercado Pago refuses the refund, and says so', async () => {
    const { buyer } = await paidOrder()
    fake.setRefundStatus('rejected')
    const res = await adminCall('POST', `/api/admin/orders/${buyer.orderId}/refund`, {})
    fake.setRefundStatus('approved')
    expect(res.statusCode).toBe(409)
    expect(res.json<{ message: string }>().message).toMatch(/Mercado Pago recusou a devolução/)
    expect((await orderRow(buyer.orderId)).status).toBe('paid')
    expect((await guestDownload(store, buyer, kit.id)).statusCode).toBe(200)
  })

  it('takes a PIX devolução still in process as accepted: the order is refunded', async () => {
    const { buyer } = await paidOrder()
    fake.setRefundStatus('in_process')
    const res = await adminCall('POST', `/api/admin/orders/${buyer.orderId}/refund`, {})
    fake.setRefundStatus('approved')
    expect(res.statusCode).toBe(200)
    expect((await orderRow(buyer.orderId)).status).toBe('refunded')
    const [sent] = refundCalls().slice(-1)
    expect(sent!.headers['x-render-in-process-refunds']).toBe('true')
  })

  it('answers 503 when Mercado Pago is away, and nothing changes', async () => {
    const { buyer } = await paidOrder()
    fake.failNext(1, 500)
    const res = await adminCall('POST', `/api/admin/orders/${buyer.orderId}/refund`, {})
    expect(res.statusCode).toBe(503)
    expect((await orderRow(buyer.orderId)).status).toBe('paid')
  })

  it('declines a request under review, telling the buyer why; the order stays paid', async () => {
    const evolution = await startFakeEvolution()
    try {
      await connectWhatsapp(store, evolution)
      const { session, buyer } = await paidOrder()
      await guestDownload(store, buyer, kit.id)
      await ask(buyer.orderId, session)
      const empty = await adminCall('POST', `/api/admin/refunds/${buyer.orderId}/decline`, {
        note: ' ',
      })
      expect(empty.statusCode).toBe(400)
      const note = 'Os arquivos foram baixados duas vezes.'
      const res = await adminCall('POST', `/api/admin/refunds/${buyer.orderId}/decline`, { note })
      expect(res.json<AdminRefund>()).toMatchObject({ status: 'declined' })
      expect((await orderRow(buyer.orderId)).status).toBe('paid')
      expect((await ask(buyer.orderId, session)).statusCode).toBe(409)

      const mail = await outboxRow(store, `order:${buyer.orderId}:refund-declined:email`)
      expect(mail).toMatchObject({ channel: 'email', toNumber: buyer.email })
      expect(mail!.body).toContain(note)
      const whatsapp = await outboxRow(store, `order:${buyer.orderId}:refund-declined:buyer`)
      expect(whatsapp).toMatchObject({ channel: 'whatsapp', toNumber: '5511987654321' })
      expect(whatsapp!.body).toContain(note)
      // Declining again is refused and tells nobody twice.
      const again = await adminCall('POST', `/api/admin/refunds/${buyer.orderId}/decline`, { note })
      expect(again.statusCode).toBe(409)
    } finally {
      await store.app.services.settings.set('evolution_api_url', '')
      await evolution.close()
    }
  })

  it('with the store’s own PIX key: the owner confirms the money went back', async () => {
    await store.app.services.settings.set('pix_key', 'loja@exemplo.com')
    const { db } = store.database
    const id = `static-${randomBytes(4).toString('hex')}`
    await db.insert(orders).values({
      id,
      customerName: 'Carla',
      customerEmail: 'carla@exemplo.com',
      totalCents: 2990,
      paymentProvider: 'static',
    })
    await db.insert(orderItems).values({
      orderId: id,
      productId: kit.id,
      productName: 'Kit Alfabetização',
      unitPriceCents: 2990,
      quantity: 1,
    })
    await store.app.services.orders.markOrderPaid(id, 'admin')
    const without = await adminCall('POST', `/api/admin/orders/${id}/refund`, {})
    expect([without.statusCode, without.json()]).toEqual([
      400,
      { message: 'Confirme que já devolveu o valor ao comprador pelo app do banco.' },
    ])
    expect((await orderRow(id)).status).toBe('paid')
    const done = await adminCall('POST', `/api/admin/orders/${id}/refund`, { moneyReturned: true })
    expect(done.json<AdminRefund>()).toMatchObject({ status: 'refunded', origin: 'admin' })
    expect((await orderRow(id)).status).toBe('refunded')
  })

  it('a buyer’s untouched static order is refunded at once and waits for the owner to return the PIX', async () => {
    await store.app.services.settings.set('pix_key', 'loja@exemplo.com')
    const session = newCartSession()
    const { db } = store.database
    const id = `static-${randomBytes(4).toString('hex')}`
    await db.insert(orders).values({
      id,
      sessionId: session,
      customerName: 'Dora',
      customerEmail: 'dora@exemplo.com',
      totalCents: 2990,
      paymentProvider: 'static',
    })
    await db.insert(orderItems).values({
      orderId: id,
      productId: kit.id,
      productName: 'Kit Alfabetização',
      unitPriceCents: 2990,
      quantity: 1,
    })
    await store.app.services.orders.markOrderPaid(id, 'admin')
    const res = await ask(id, session)
    expect(res.json<RefundRequestAnswer>()).toMatchObject({ status: 'return_money' })
    expect((await orderRow(id)).status).toBe('refunded')
    const list = (await adminCall('GET', '/api/admin/refunds')).json<AdminRefund[]>()
    expect(list[0]).toMatchObject({ orderId: id, status: 'return_money' })
    const back = await adminCall('POST', `/api/admin/refunds/${id}/money-returned`)
    expect(back.json<AdminRefund>().status).toBe('refunded')
    expect((await adminCall('POST', `/api/admin/refunds/${id}/money-returned`)).statusCode).toBe(
      409,
    )
  })

  it('is the owner’s only: 401 anonymous, 403 for a customer', async () => {
    const { buyer } = await paidOrder()
    const customer = await customerSession(store.app)
    const anon = await call(store, 'POST', `/api/admin/orders/${buyer.orderId}/refund`, {})
    const other = await call(
      store,
      'POST',
      `/api/admin/orders/${buyer.orderId}/refund`,
      {},
      {
        cookie: customer.cookie,
      },
    )
    const list = await call(store, 'GET', '/api/admin/refunds', undefined, {
      cookie: customer.cookie,
    })
    expect([anon.statusCode, other.statusCode, list.statusCode]).toEqual([401, 403, 403])
    expect((await orderRow(buyer.orderId)).status).toBe('paid')
  })
})
