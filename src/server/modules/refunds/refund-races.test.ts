import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutAnswer } from '../../../contracts/checkout.js'
import type { CustomerPurchase } from '../../../contracts/customer.js'
import type { DownloadAnswer } from '../../../contracts/downloads.js'
import type { RefundRequestAnswer } from '../../../contracts/refunds.js'
import { customerSession, newIp } from '../../testing/auth.js'
import { call, newCartSession } from '../../testing/commerce.js'
import { fetchLink } from '../../testing/downloads.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

/**
 * A buyer fires the refund request and four downloads at once. Exactly one
 * may win: an automatic refund with no byte served, or the download with the refund left for
 * the owner's review. Races are real on PostgreSQL (run with DATABASE_URL); PGlite serialises.
 */
let store: TestStore
let kit: { id: number }

beforeAll(async () => {
  store = await createTestStore()
  kit = await insertProduct(store, { name: 'Kit Alfabetização', priceCents: 1990 })
})
afterAll(() => store.close())

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A logged-in buyer's order of the kit, paid in demo mode. */
async function paidByAccount() {
  const buyer = await customerSession(store.app)
  const session = newCartSession()
  const placed = await call(
    store,
    'POST',
    '/api/checkout',
    { items: [{ productId: kit.id }] },
    { session, cookie: buyer.cookie },
  )
  if (placed.statusCode !== 201) throw new Error(`checkout: ${placed.body}`)
  const { order } = placed.json<CheckoutAnswer>()
  const paid = await call(
    store,
    'POST',
    `/api/orders/${order.id}/confirm-payment`,
    {},
    {
      session,
      cookie: buyer.cookie,
    },
  )
  if (paid.statusCode !== 200) throw new Error(`confirm: ${paid.body}`)
  return { cookie: buyer.cookie, orderId: order.id }
}

const download = (cookie: string) =>
  store.app.inject({
    method: 'POST',
    url: `/api/user/download/${kit.id}`,
    headers: { cookie },
    remoteAddress: newIp(),
  })

const refundRequest = (cookie: string, orderId: string) =>
  call(store, 'POST', `/api/orders/${orderId}/refund-request`, {}, { cookie })

describe('a refund request racing downloads of the same order', () => {
  it('never both refunds automatically and serves the file, over 20 rounds', async () => {
    const outcomes: string[] = []
    for (let round = 0; round < 20; round += 1) {
      const { cookie, orderId } = await paidByAccount()
      const [refund, ...downloads] = await Promise.all([
        refundRequest(cookie, orderId),
        ...[0, 1, 2, 3].map(async (i) => {
          await sleep(2 * i)
          return download(cookie)
        }),
      ])
      expect(refund.statusCode).toBe(200)
      const { status } = refund.json<RefundRequestAnswer>()
      const served = downloads.filter((d) => d.statusCode === 200)
      outcomes.push(`${status}:${served.length}`)
      if (status === 'refunded') {
        expect(served.map((d) => d.statusCode)).toEqual([])
        // Nor afterwards: the account's purchase is gone and no link works.
        expect((await download(cookie)).statusCode).toBe(403)
      } else {
        expect(status).toBe('review')
        expect(served.length).toBeGreaterThan(0)
        // The served link keeps working while the owner decides.
        const link = served[0]!.json<DownloadAnswer>().downloadUrl
        expect((await fetchLink(store, link)).statusCode).toBe(200)
      }
    }
    // Each round has one winner; both outcomes are legitimate.
    expect(outcomes.every((o) => o === 'refunded:0' || /^review:[1-4]$/.test(o))).toBe(true)
  }, 120_000)

  it('a download already made sends the request to review; an untouched order refunds at once', async () => {
    const used = await paidByAccount()
    const first = await download(used.cookie)
    expect(first.statusCode).toBe(200)
    const res = await refundRequest(used.cookie, used.orderId)
    expect(res.json<RefundRequestAnswer>().status).toBe('review')
    expect((await download(used.cookie)).statusCode).toBe(200)

    const untouched = await paidByAccount()
    const refunded = await refundRequest(untouched.cookie, untouched.orderId)
    expect(refunded.json<RefundRequestAnswer>().status).toBe('refunded')
    const purchases = await call(store, 'GET', '/api/user/purchases', undefined, {
      cookie: untouched.cookie,
    })
    expect(purchases.json<CustomerPurchase[]>().map((p) => p.orderId)).not.toContain(
      untouched.orderId,
    )
    expect((await download(untouched.cookie)).statusCode).toBe(403)
  })
})
