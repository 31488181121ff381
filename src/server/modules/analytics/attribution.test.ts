import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminOrder } from '../../../contracts/admin.js'
import { adminSession } from '../../testing/auth.js'
import { call, guestForm, newCartSession } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { storeRows } from '../../testing/rows.js'

let store: TestStore
let admin: string
let kit: { id: number }
beforeAll(async () => {
  store = await createTestStore()
  admin = (await adminSession(store.app)).cookie
  kit = await insertProduct(store, { name: 'Kit', priceCents: 2990 })
})
afterAll(() => store.close())

const { orderRow } = storeRows(() => store)

async function order(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await call(
    store,
    'POST',
    '/api/checkout',
    { items: [{ productId: kit.id }], customerData: guestForm(), ...body },
    { session: newCartSession(), headers },
  )
  expect(res.statusCode, res.body).toBe(201)
  return res.json<{ order: { id: string } }>().order.id
}

const adminOrders = async () =>
  (await call(store, 'GET', '/api/admin/orders', undefined, { cookie: admin })).json<AdminOrder[]>()

describe('attribution on orders', () => {
  it('keeps the known keys, trimmed to 200 characters, and drops the rest', async () => {
    const id = await order({
      attribution: {
        utm_source: ' instagram ',
        utm_medium: 'stories',
        utm_campaign: 'x'.repeat(500),
        fbclid: 'IwAR123',
        referrer: 'l.instagram.com',
        landing: '/produto/7',
        evil: 'dropped',
        utm_term: 42,
        gclid: { nested: true },
      },
    })
    const row = await orderRow(id)
    expect(row.attribution).toEqual({
      utm_source: 'instagram',
      utm_medium: 'stories',
      utm_campaign: 'x'.repeat(200),
      fbclid: 'IwAR123',
      referrer: 'l.instagram.com',
      landing: '/produto/7',
    })
    const listed = (await adminOrders()).find((o) => o.id === id)!
    expect(listed.attribution).toEqual(row.attribution)
    expect(listed.source).toBe(`instagram / stories / ${'x'.repeat(200)}`)
  })

  it("an order without any is 'direto', and a malformed attribution is no error", async () => {
    const plain = await order({})
    const odd = await order({ attribution: 'utm_source=x' })
    const unknownOnly = await order({ attribution: { foo: 'bar' } })
    const listed = await adminOrders()
    for (const id of [plain, odd, unknownOnly]) {
      expect((await orderRow(id)).attribution).toBeNull()
      expect(listed.find((o) => o.id === id)).toMatchObject({ attribution: null, source: 'direto' })
    }
  })

  it('keeps the address and browser only with the ad consent', async () => {
    const headers = { 'user-agent': 'Mozilla/5.0 (iPhone)', cookie: '_fbp=fb.1.1700000000000.42' }
    const without = await orderRow(await order({ attribution: { fbclid: 'abc' } }, headers))
    expect(without).toMatchObject({ adsConsent: false, adContext: null })
    const withConsent = await orderRow(
      await order({ attribution: { fbclid: 'abc' }, consent: { ads: true } }, headers),
    )
    expect(withConsent.adsConsent).toBe(true)
    expect(withConsent.adContext).toMatchObject({
      ip: expect.any(String),
      userAgent: 'Mozilla/5.0 (iPhone)',
      fbp: 'fb.1.1700000000000.42',
      fbc: expect.stringMatching(/^fb\.1\.\d+\.abc$/),
    })
  })
})
