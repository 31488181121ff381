import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GuestPurchasesAnswer } from '../../../contracts/downloads.js'
import { downloadLog, purchases } from './downloads.tables.js'
import { orders } from '../orders/orders.tables.js'
import { products } from '../products/products.tables.js'
import { newIp } from '../../testing/auth.js'
import {
  buyAsGuest,
  fetchLink,
  grantedDownload,
  guestDownload,
  type GuestBuyer,
} from '../../testing/downloads.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

let store: TestStore
let kit: { id: number }
let buyer: GuestBuyer

beforeAll(async () => {
  store = await createTestStore()
  kit = await insertProduct(store, { name: 'Kit Alfabetização' })
  buyer = await buyAsGuest(store, kit.id, { whatsapp: '(11) 98765-4321' })
})
afterAll(() => store.close())

const lookup = (body: object, ip = newIp()) =>
  store.app.inject({
    method: 'POST',
    url: '/api/guest-purchases',
    payload: body,
    remoteAddress: ip,
  })

describe('guest purchase lookup', () => {
  it.each(['5511987654321', '+55 (11) 98765-4321', '11987654321'])(
    'finds the purchases and orders with the WhatsApp written as %s',
    async (whatsapp) => {
      const res = await lookup({ email: buyer.email.toUpperCase(), whatsapp })
      expect(res.statusCode).toBe(200)
      const answer = res.json<GuestPurchasesAnswer>()
      expect(answer).toMatchObject({
        success: true,
        purchases: [
          {
            productId: kit.id,
            product: { name: 'Kit Alfabetização', price: '19.90', imageUrl: expect.any(String) },
            downloadCount: 0,
            maxDownloads: 3,
            files: [{ mimeType: 'application/pdf' }],
            externalLink: null,
          },
        ],
        orders: [{ id: buyer.orderId, status: 'paid', totalAmount: '19.90' }],
      })
    },
  )

  it('finds nothing with the wrong WhatsApp or the wrong e-mail, and says so alike', async () => {
    const nothing = {
      success: false,
      purchases: [],
      orders: [],
      canvaLinks: [],
      message: 'Nenhum material encontrado',
    }
    const wrongPhone = await lookup({ email: buyer.email, whatsapp: '(11) 91234-5678' })
    expect(wrongPhone.statusCode).toBe(200)
    expect(wrongPhone.json()).toEqual(nothing)
    expect((await lookup({ email: 'outra@exemplo.com', whatsapp: buyer.whatsapp })).json()).toEqual(
      nothing,
    )
    const download = await guestDownload(store, { ...buyer, whatsapp: '11912345678' }, kit.id)
    expect(download.statusCode).toBe(404)
  })

  it('asks for both fields', async () => {
    for (const body of [{ email: buyer.email }, { email: ' ', whatsapp: '11' }, {}]) {
      const res = await lookup(body)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ message: 'Por favor, preencha email e WhatsApp.' })
    }
  })

  it('limits failed lookups per IP, and never counts the ones that found something', async () => {
    const ip = newIp()
    for (let i = 0; i < 25; i++) {
      expect((await lookup({ email: buyer.email, whatsapp: buyer.whatsapp }, ip)).statusCode).toBe(
        200,
      )
    }
    const wrong = { email: buyer.email, whatsapp: '11900000000' }
    for (let i = 0; i < 20; i++) expect((await lookup(wrong, ip)).statusCode).toBe(200)
    const limited = await lookup(wrong, ip)
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
  })
})

describe('a refund', () => {
  it('stops downloads at once, an already issued link included', async () => {
    const refunded = await buyAsGuest(store, kit.id)
    const link = (await grantedDownload(store, refunded, kit.id)).downloadUrl
    expect((await fetchLink(store, link)).statusCode).toBe(200)

    // The orders module's own transition: status and revocation in one transaction.
    expect(await store.app.services.orders.close(refunded.orderId, 'paid', 'refunded')).toBe(true)

    const again = await fetchLink(store, link)
    expect(again.statusCode).toBe(403)
    expect(again.json()).toHaveProperty('message')
    expect((await guestDownload(store, refunded, kit.id)).statusCode).toBe(403)
    const found = (
      await lookup({ email: refunded.email, whatsapp: refunded.whatsapp })
    ).json<GuestPurchasesAnswer>()
    expect(found.purchases).toEqual([])
    expect(found.orders).toMatchObject([{ status: 'refunded' }])
  })

  // Either half alone is enough: a status written by hand, or a purchase revoked on its own.
  it.each([
    ['the order is no longer paid', 'status'],
    ['only the purchase is revoked', 'revoked'],
  ])('stops them too when %s', async (_, how) => {
    const buyer = await buyAsGuest(store, kit.id)
    const link = (await grantedDownload(store, buyer, kit.id)).downloadUrl
    const { db } = store.database
    if (how === 'status') {
      await db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, buyer.orderId))
    } else {
      await db
        .update(purchases)
        .set({ revokedAt: new Date() })
        .where(eq(purchases.orderId, buyer.orderId))
    }
    expect((await fetchLink(store, link)).statusCode).toBe(403)
    expect((await guestDownload(store, buyer, kit.id)).statusCode).toBe(403)
  })
})

describe('a free material', () => {
  it('downloads without purchase or login, logged with no purchase', async () => {
    const free = await insertProduct(store, { isFree: true, name: 'Calendário grátis' })
    const res = await store.app.inject({
      method: 'POST',
      url: `/api/user/download/${free.id}?data=0`,
      remoteAddress: '198.51.100.20',
    })
    expect(res.statusCode).toBe(200)
    const answer = res.json()
    expect(answer).toMatchObject({ success: true, remainingDownloads: null, purchaseId: null })
    const file = await fetchLink(store, answer.downloadUrl)
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.toString()).toMatch(/^%PDF/)
    const logged = await store.database.db
      .select()
      .from(downloadLog)
      .where(eq(downloadLog.productId, free.id))
    expect(logged).toMatchObject([{ purchaseId: null, ip: '198.51.100.20' }])
  })

  it('is limited per IP', async () => {
    const free = await insertProduct(store, { isFree: true })
    const ask = () =>
      store.app.inject({
        method: 'POST',
        url: `/api/user/download/${free.id}?data=0`,
        remoteAddress: '198.51.100.99',
      })
    for (let i = 0; i < 30; i++) expect((await ask()).statusCode).toBe(200)
    expect((await ask()).statusCode).toBe(429)
  })

  it('is not free once it is paid: an old free link stops working', async () => {
    const paidLater = await insertProduct(store, { isFree: true })
    const answer = (
      await store.app.inject({
        method: 'POST',
        url: `/api/user/download/${paidLater.id}?data=0`,
        remoteAddress: newIp(),
      })
    ).json<{ downloadUrl: string }>()
    await store.database.db
      .update(products)
      .set({ isFree: false, priceCents: 990 })
      .where(eq(products.id, paidLater.id))
    expect((await fetchLink(store, answer.downloadUrl)).statusCode).toBe(403)
  })
})
