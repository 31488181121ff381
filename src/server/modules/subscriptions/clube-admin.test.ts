import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CustomerPurchase } from '../../../contracts/customer.js'
import type {
  AdminPlan,
  ClubeFigures,
  PublicPlan,
  SubscribeAnswer,
  SubscriptionView,
} from '../../../contracts/subscriptions.js'
import { adminSession, customerSession } from '../../testing/auth.js'
import { call, guestForm, newCartSession } from '../../testing/commerce.js'
import { insertProduct, samplePng } from '../../testing/fixtures.js'
import { createPlan } from '../../testing/subscriptions.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

const DAY = 24 * 60 * 60 * 1000
let at = Date.parse('2026-09-10T15:00:00Z')
const now = () => new Date(at)

let store: TestStore
let admin: string
let plan: AdminPlan

const planBody = (overrides: Record<string, unknown> = {}) => ({
  name: plan.name,
  description: plan.description,
  price: plan.price,
  interval: plan.interval,
  grants: plan.grants,
  downloadsPerMaterial: plan.downloadsPerMaterial,
  isActive: plan.isActive,
  imageUrl: plan.imageUrl,
  ...overrides,
})

beforeAll(async () => {
  store = await createTestStore({ now })
  admin = (await adminSession(store.app)).cookie
  await insertProduct(store, { name: 'Ditado ilustrado', category: 'alfabetizacao' })
  await store.app.services.catalog.invalidate()
  plan = await createPlan(store, admin, { name: 'Letrinhas', price: '29.90' })
}, 240_000)
afterAll(async () => {
  await store?.close()
})

function uploadImage(planId: number, bytes: Buffer, cookie = admin) {
  const boundary = '----plan' + Math.random().toString(16).slice(2)
  return store.app.inject({
    method: 'POST',
    url: `/api/admin/plans/${planId}/image`,
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="capa.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  })
}

async function subscribeAndPay(cookie?: string) {
  const res = await call(
    store,
    'POST',
    '/api/subscriptions',
    { planId: plan.id, acceptTerms: true, ...(cookie ? {} : { customerData: guestForm() }) },
    { session: newCartSession(), ...(cookie ? { cookie } : {}) },
  )
  expect(res.statusCode, res.body).toBe(201)
  const answer = res.json<SubscribeAnswer>()
  await store.app.services.orders.markOrderPaid(answer.order.id, 'admin')
  return answer
}

describe("a plan's cover, edits and removal", () => {
  it('takes an image (only an image), serves it publicly and shows it on /clube', async () => {
    expect((await uploadImage(plan.id, Buffer.from('<svg onload=x>'))).statusCode).toBe(415)
    const stranger = await uploadImage(plan.id, await samplePng(), 'sid=nada')
    expect([401, 403]).toContain(stranger.statusCode)

    const res = await uploadImage(plan.id, await samplePng(1200, 800))
    expect(res.statusCode, res.body).toBe(200)
    plan = res.json<AdminPlan>()
    expect(plan.imageUrl).toMatch(/^\/api\/plans\/image\/[0-9a-f]{16}$/)
    const image = await call(store, 'GET', plan.imageUrl!)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/webp')
    expect(image.headers['cache-control']).toContain('immutable')
    const shown = (await call(store, 'GET', '/api/plans')).json<PublicPlan[]>()
    expect(shown.find((p) => p.id === plan.id)?.imageUrl).toBe(plan.imageUrl)
  })

  it('serves a stored cover for good, and answers 404 to any address that is not one', async () => {
    const hash = plan.imageUrl!.split('/').at(-1)!
    const image = await call(store, 'GET', `/api/plans/image/${hash}`)
    expect(image.statusCode).toBe(200)
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(Number(image.headers['content-length'])).toBe(image.rawPayload.length)
    expect(image.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP')
    const notImages = [
      '0123456789abcdef', // a hash no cover has
      hash.toUpperCase(),
      `${hash}0`,
      hash.slice(1),
      `${hash}.webp`,
      `..%2F..%2F..%2Fpackage.json`,
      `..%2Fplans%2F${hash}`,
      `%2e%2e%2f${hash}`,
      'a'.repeat(64),
      'a'.repeat(65),
      'a'.repeat(100),
    ]
    for (const address of notImages) {
      const res = await call(store, 'GET', `/api/plans/image/${address}`)
      expect([address, res.statusCode], res.body).toEqual([address, 404])
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.json()).toEqual({ message: expect.any(String) })
      expect(res.headers['cache-control'] ?? '').not.toContain('immutable')
    }
    // Refused before the route, as everywhere in the store: a NUL (http/invalid-bytes.ts) and
    // a parameter longer than the router takes (http/framework-errors.ts).
    const nul = await call(store, 'GET', `/api/plans/image/${hash}%00`)
    expect([nul.statusCode, nul.json()]).toEqual([
      400,
      { message: 'O texto enviado contém caracteres inválidos' },
    ])
    const huge = await call(store, 'GET', `/api/plans/image/${'a'.repeat(101)}`)
    expect([huge.statusCode, huge.json()]).toEqual([414, { message: 'Endereço longo demais' }])
  })

  it('an edit keeps the cover; a deactivated plan leaves /clube; an unused plan is deleted', async () => {
    const res = await call(
      store,
      'PUT',
      `/api/admin/plans/${plan.id}`,
      planBody({ name: 'Letrinhas Plus', downloadsPerMaterial: 4 }),
      { cookie: admin },
    )
    expect(res.statusCode, res.body).toBe(200)
    plan = res.json<AdminPlan>()
    expect(plan).toMatchObject({ name: 'Letrinhas Plus', downloadsPerMaterial: 4 })
    expect(plan.imageUrl).toMatch(/^\/api\/plans\/image\//)

    const spare = (
      await call(
        store,
        'POST',
        '/api/admin/plans',
        { name: 'Rascunho', price: '9.90', interval: 'year', grants: { all: true } },
        { cookie: admin },
      )
    ).json<AdminPlan>()
    const off = await call(
      store,
      'PUT',
      `/api/admin/plans/${spare.id}`,
      { ...spare, isActive: false },
      { cookie: admin },
    )
    expect(off.statusCode, off.body).toBe(200)
    const shown = (await call(store, 'GET', '/api/plans')).json<PublicPlan[]>()
    expect(shown.map((p) => p.id)).toEqual([plan.id])
    const gone = await call(store, 'DELETE', `/api/admin/plans/${spare.id}`, undefined, {
      cookie: admin,
    })
    expect(gone.json()).toEqual({ deleted: true })
    const list = (await call(store, 'GET', '/api/admin/plans', undefined, { cookie: admin })).json<
      AdminPlan[]
    >()
    expect(list.map((p) => p.id)).toEqual([plan.id])
  })
})

describe("her subscriptions and the clube's figures", () => {
  it("names the order whose purchases are the clube's materials this period", async () => {
    const cookie = (await customerSession(store.app)).cookie
    const answer = await subscribeAndPay(cookie)
    const mine = (await call(store, 'GET', '/api/subscriptions/mine', undefined, { cookie })).json<
      SubscriptionView[]
    >()
    expect(mine[0]).toMatchObject({ status: 'ativa', clubeOrderId: answer.order.id })
    const purchases = (await call(store, 'GET', '/api/user/purchases', undefined, { cookie })).json<
      CustomerPurchase[]
    >()
    expect(purchases.length).toBeGreaterThan(0)
    expect(purchases.every((p) => p.orderId === answer.order.id && p.maxDownloads === 4)).toBe(true)
    // A plan with a live subscriber is not deleted: it is deactivated instead.
    const refused = await call(store, 'DELETE', `/api/admin/plans/${plan.id}`, undefined, {
      cookie: admin,
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toMatch(/desative-o/)
  })

  it('counts MRR, new and cancelled subscriptions and churn per month', async () => {
    // September: the logged-in subscriber above. October: two more, one of them cancelled.
    at = Date.parse('2026-10-05T15:00:00Z')
    await subscribeAndPay()
    const leaving = await subscribeAndPay()
    at = Date.parse('2026-10-20T15:00:00Z')
    const cancel = await call(
      store,
      'POST',
      `/api/admin/subscriptions/${leaving.subscription.id}/cancel`,
      undefined,
      { cookie: admin },
    )
    expect(cancel.statusCode, cancel.body).toBe(200)
    at = Date.parse('2026-11-02T15:00:00Z') + DAY

    const res = await call(store, 'GET', '/api/admin/clube/figures', undefined, { cookie: admin })
    expect(res.statusCode).toBe(200)
    const figures = res.json<ClubeFigures>()
    expect(figures.months.map((m) => m.month)).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ])
    const [sep, oct, nov] = figures.months.slice(3)
    expect(sep).toEqual({
      month: '2026-09',
      mrr: '29.90',
      newSubscriptions: 1,
      cancelled: 0,
      churnPercent: 0,
    })
    // Two new in October, one cancelled: one paying at the start, so churn is 100%.
    expect(oct).toEqual({
      month: '2026-10',
      mrr: '59.80',
      newSubscriptions: 2,
      cancelled: 1,
      churnPercent: 100,
    })
    expect(nov).toMatchObject({ mrr: '59.80', newSubscriptions: 0, cancelled: 0 })
    expect(figures).toMatchObject({ mrr: '59.80', active: 2, newThisMonth: 0 })
  })
})
