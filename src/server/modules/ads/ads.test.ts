import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdsStatus } from '../../../contracts/ads.js'
import { adminSession } from '../../testing/auth.js'
import { call, guestForm, newCartSession, WEBHOOK_SECRET } from '../../testing/commerce.js'
import { FAKE_ADS, startFakeAds, type FakeAds } from '../../testing/fake-ads.js'
import { startFakeMercadoPago, type FakeMercadoPago } from '../../testing/fake-mercadopago.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { storeRows } from '../../testing/rows.js'
import { orders } from '../orders/orders.tables.js'
import { normalisePhone, sha256 } from './ads-payloads.js'
import { META_GRAPH_VERSION } from './ads-clients.js'

let ads: FakeAds
let mp: FakeMercadoPago
let store: TestStore
/** A second instance on the same PostgreSQL database (null on PGlite, one process). */
let other: TestStore | null = null
let admin: string
let kit: { id: number }

const env = () => ({
  MERCADOPAGO_ACCESS_TOKEN: mp.token,
  MERCADOPAGO_API_URL: mp.url,
  MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
  PUBLIC_URL: 'https://loja.test',
  META_GRAPH_URL: ads.url,
  GA4_MP_URL: ads.url,
  TIKTOK_API_URL: ads.url,
})

beforeAll(async () => {
  ads = await startFakeAds()
  mp = await startFakeMercadoPago()
  store = await createTestStore({ env: env() })
  admin = (await adminSession(store.app)).cookie
  kit = await insertProduct(store, { name: 'Kit Alfabetização', priceCents: 2990 })
  const { settings } = store.app.services
  await settings.set('meta_pixel_id', FAKE_ADS.metaPixelId)
  await settings.set('meta_capi_token', FAKE_ADS.metaToken)
  await settings.set('ga4_measurement_id', FAKE_ADS.ga4MeasurementId)
  await settings.set('ga4_api_secret', FAKE_ADS.ga4Secret)
  await settings.set('tiktok_pixel_id', FAKE_ADS.tiktokPixelId)
  await settings.set('tiktok_access_token', FAKE_ADS.tiktokToken)
  // Started once the platforms are set, so it reads them as they are.
  if (store.databaseUrl) {
    other = await createTestStore({ env: env(), databaseUrl: store.databaseUrl })
  }
})
afterAll(async () => {
  await other?.close()
  await store.close()
  await mp.close()
  await ads.close()
})

const { orderRow } = storeRows(() => store)
const instances = () => [store, ...(other ? [other] : [])]
/** Every instance's worker at once, twice: what a restart and a second server would do. */
async function sendAll() {
  for (let round = 0; round < 2; round++) {
    await Promise.all(instances().map((s) => s.app.services.ads.runOnce()))
  }
}

async function placeOrder(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await call(
    store,
    'POST',
    '/api/checkout',
    {
      items: [{ productId: kit.id }],
      customerData: guestForm({ email: ' Bia.Souza@Exemplo.COM ', whatsapp: '(11) 98765-4321' }),
      ...body,
    },
    { session: newCartSession(), headers },
  )
  expect(res.statusCode, res.body).toBe(201)
  return res.json<{ order: { id: string } }>().order.id
}

/** Mercado Pago approves the order's PIX, and its webhook arrives twice at once. */
async function payTwice(orderId: string) {
  const paymentId = (await orderRow(orderId)).providerPaymentId!
  mp.setStatus(paymentId, 'approved')
  const hooks = await Promise.all(
    instances().flatMap((s) => [
      s.app.inject(mp.webhook(paymentId, { secret: WEBHOOK_SECRET })),
      s.app.inject(mp.webhook(paymentId, { secret: WEBHOOK_SECRET })),
    ]),
  )
  for (const res of hooks) expect(res.statusCode).toBe(200)
  expect((await orderRow(orderId)).status).toBe('paid')
}

describe('ad platforms, from the server', () => {
  it('sends one Purchase to each platform, once, with hashes of the normalised e-mail and phone', async () => {
    const headers = {
      'user-agent': 'Mozilla/5.0 (iPhone) Safari',
      cookie: '_fbp=fb.1.1700000000000.99',
    }
    const id = await placeOrder(
      { consent: { ads: true }, attribution: { fbclid: 'IwAR-clique', ttclid: 'E.C.P.tt' } },
      headers,
    )
    await payTwice(id)
    await sendAll()
    expect(ads.refused).toEqual([])
    const email = sha256('bia.souza@exemplo.com')
    const phone = normalisePhone('5511987654321')
    expect(phone).toBe('5511987654321')

    const [meta, ...moreMeta] = ads.about('meta', id)
    expect(moreMeta).toEqual([])
    const event = (meta!.body.data as Record<string, unknown>[])[0]
    expect(event).toMatchObject({
      event_name: 'Purchase',
      event_id: id,
      action_source: 'website',
      user_data: {
        em: [email],
        ph: [sha256('5511987654321')],
        fbp: 'fb.1.1700000000000.99',
        fbc: expect.stringMatching(/^fb\.1\.\d+\.IwAR-clique$/),
        client_ip_address: expect.any(String),
        client_user_agent: 'Mozilla/5.0 (iPhone) Safari',
      },
      custom_data: {
        currency: 'BRL',
        value: 29.9,
        content_ids: [String(kit.id)],
        content_type: 'product',
      },
    })

    const [ga4, ...moreGa4] = ads.about('ga4', id)
    expect(moreGa4).toEqual([])
    expect(ga4!.body).toMatchObject({
      client_id: id,
      user_data: { sha256_email_address: [email] },
      events: [
        {
          name: 'purchase',
          params: {
            transaction_id: id,
            value: 29.9,
            currency: 'BRL',
            items: [
              { item_id: String(kit.id), item_name: 'Kit Alfabetização', price: 29.9, quantity: 1 },
            ],
          },
        },
      ],
    })

    const [tiktok, ...moreTiktok] = ads.about('tiktok', id)
    expect(moreTiktok).toEqual([])
    expect(tiktok!.body).toMatchObject({
      event_source: 'web',
      event_source_id: FAKE_ADS.tiktokPixelId,
      data: [
        {
          event: 'CompletePayment',
          event_id: id,
          user: { email, phone: sha256('+5511987654321'), ttclid: 'E.C.P.tt' },
          properties: { currency: 'BRL', value: 29.9, content_type: 'product' },
        },
      ],
    })
    // The Graph API version is the one in the path.
    expect(META_GRAPH_VERSION).toMatch(/^\d+\.\d+$/)
  })

  it('sends no personal data without the consent', async () => {
    const id = await placeOrder({ attribution: { fbclid: 'x' } }, { 'user-agent': 'Mozilla/5.0' })
    await payTwice(id)
    await sendAll()
    const meta = (ads.about('meta', id)[0]!.body.data as Record<string, unknown>[])[0]!
    expect(meta.user_data).toEqual({})
    expect(ads.about('ga4', id)[0]!.body).not.toHaveProperty('user_data')
    const tiktok = (ads.about('tiktok', id)[0]!.body.data as Record<string, unknown>[])[0]!
    expect(tiktok.user).toEqual({})
    const row = await orderRow(id)
    const sent = JSON.stringify(['meta', 'ga4', 'tiktok'].map((p) => ads.about(p as 'meta', id)))
    expect(sent).not.toContain(sha256(row.customerEmail))
    expect(sent).not.toContain('Mozilla')
  })

  it('sends nothing for a demo order', async () => {
    const id = await placeOrder({ consent: { ads: true } })
    await store.database.db.update(orders).set({ paymentProvider: 'demo' }).where(eq(orders.id, id))
    await store.app.services.orders.markOrderPaid(id, 'demo')
    await sendAll()
    expect(ads.received.filter((r) => JSON.stringify(r.body).includes(id))).toEqual([])
  })

  it("a refund sends GA4's refund, once", async () => {
    const id = await placeOrder({ consent: { ads: true } })
    await payTwice(id)
    await sendAll()
    const refund = () =>
      call(
        store,
        'PUT',
        `/api/admin/orders/${id}/status`,
        { status: 'refunded' },
        { cookie: admin },
      )
    expect((await refund()).statusCode).toBe(200)
    await sendAll()
    const events = ads.about('ga4', id).map((r) => (r.body.events as { name: string }[])[0]!.name)
    expect(events).toEqual(['purchase', 'refund'])
    const refunded = ads.about('ga4', id)[1]!.body
    expect(refunded).not.toHaveProperty('user_data')
    expect(refunded).toMatchObject({
      events: [{ params: { transaction_id: id, value: 29.9, currency: 'BRL' } }],
    })
  })

  it('keeps a failed send for later and shows the admin its message', async () => {
    ads.failNext.tiktok = 1
    const id = await placeOrder({})
    await payTwice(id)
    await sendAll()
    expect(ads.about('tiktok', id)).toEqual([])
    expect(ads.about('meta', id)).toHaveLength(1)
    const res = await call(store, 'GET', '/api/admin/ads/status', undefined, { cookie: admin })
    expect(res.statusCode).toBe(200)
    const status = res.json<AdsStatus>()
    const tiktok = status.find((p) => p.platform === 'tiktok')!
    expect(tiktok).toMatchObject({ enabled: true, pending: 1 })
    expect(tiktok.failures[0]).toMatchObject({
      orderId: id,
      final: false,
      message: expect.stringContaining('HTTP 500'),
    })
    expect(status.find((p) => p.platform === 'meta')!.lastSent).toMatchObject({ kind: 'purchase' })
    expect(JSON.stringify(status)).not.toContain(FAKE_ADS.tiktokToken)
    expect((await call(store, 'GET', '/api/admin/ads/status')).statusCode).toBe(401)
  })
})
