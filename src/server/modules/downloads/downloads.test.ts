import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DownloadAnswer } from '../../../contracts/downloads.js'
import { downloadLog, purchases } from './downloads.tables.js'
import { productFiles, products } from '../products/products.tables.js'
import { customerSession, newIp } from '../../testing/auth.js'
import { buyAsGuest, fetchLink, grantedDownload, guestDownload } from '../../testing/downloads.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'

let store: TestStore
let kit: { id: number }

beforeAll(async () => {
  store = await createTestStore()
  kit = await insertProduct(store, { name: 'Kit Alfabetização', priceCents: 1990 })
})
afterAll(() => store.close())

const range = (n: number) => Array.from({ length: n }, (_, i) => i)

/** Past the link window (download_link_expiry, 30 minutes by default): the next tap spends. */
function nextWindow() {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + 31 * 60_000)
}
afterEach(() => {
  vi.useRealTimers()
})

const countOf = async (orderId: string) =>
  (await store.database.db.select().from(purchases).where(eq(purchases.orderId, orderId)))[0]!

const accountDownload = (productId: number, cookie?: string, query = '?data=0') =>
  store.app.inject({
    method: 'POST',
    url: `/api/user/download/${productId}${query}`,
    headers: cookie ? { cookie } : {},
    remoteAddress: newIp(),
  })

describe('download quota', () => {
  it('gives three downloads, one per link window; a tap inside the window answers the same link', async () => {
    const buyer = await buyAsGuest(store, kit.id)
    const first = await grantedDownload(store, buyer, kit.id)
    expect(first).toMatchObject({
      success: true,
      fileName: expect.stringMatching(/\.pdf$/),
      mimeType: 'application/pdf',
      downloadUrl: expect.stringMatching(/^\/api\/downloads\/[\w-]+\.[\w-]+$/),
      files: [{ index: 0, mimeType: 'application/pdf', size: expect.any(Number) }],
      remainingDownloads: 2,
      message: expect.any(String),
    })
    const again = await grantedDownload(store, buyer, kit.id)
    expect(again).toMatchObject({ downloadUrl: first.downloadUrl, remainingDownloads: 2 })
    expect((await countOf(buyer.orderId)).downloadCount).toBe(1)

    const remaining = []
    for (const _ of range(2)) {
      nextWindow()
      remaining.push((await grantedDownload(store, buyer, kit.id)).remainingDownloads)
    }
    expect(remaining).toEqual([1, 0])
    // Used up, but the last link still works until its window closes.
    const last = await grantedDownload(store, buyer, kit.id)
    expect(last.remainingDownloads).toBe(0)
    expect((await fetchLink(store, last.downloadUrl)).statusCode).toBe(200)

    nextWindow()
    const refused = await guestDownload(store, buyer, kit.id)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ message: 'Limite de downloads atingido para esta compra' })
    expect((await countOf(buyer.orderId)).downloadCount).toBe(3)
  })

  it('spends one download for ten simultaneous taps, and all ten get a working link', async () => {
    const buyer = await buyAsGuest(store, kit.id)
    const answers = await Promise.all(range(10).map(() => guestDownload(store, buyer, kit.id)))
    expect(answers.map((a) => a.statusCode)).toEqual(range(10).map(() => 200))
    expect((await countOf(buyer.orderId)).downloadCount).toBe(1)
    const links = answers.map((a) => a.json<DownloadAnswer>().downloadUrl)
    expect(new Set(links).size).toBe(1)
    const fetched = await Promise.all(links.map((url) => fetchLink(store, url)))
    expect(fetched.map((f) => f.statusCode)).toEqual(range(10).map(() => 200))
  })

  it('never passes the quota: bursts of ten taps in five windows spend exactly three', async () => {
    const buyer = await buyAsGuest(store, kit.id)
    const granted = []
    for (const _ of range(5)) {
      nextWindow()
      const answers = await Promise.all(range(10).map(() => guestDownload(store, buyer, kit.id)))
      granted.push(answers.filter((a) => a.statusCode === 200).length)
      expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 403)).toBe(true)
    }
    expect(granted).toEqual([10, 10, 10, 0, 0])
    expect(await countOf(buyer.orderId)).toMatchObject({ downloadCount: 3, maxDownloads: 3 })
  })

  it('gives six downloads to a quantity of two', async () => {
    const buyer = await buyAsGuest(store, kit.id, { quantity: 2 })
    const codes = []
    for (const _ of range(7)) {
      nextWindow()
      codes.push((await guestDownload(store, buyer, kit.id)).statusCode)
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 403])
  })

  it('logs each download with its purchase, product and IP', async () => {
    const buyer = await buyAsGuest(store, kit.id)
    const res = await store.app.inject({
      method: 'POST',
      url: '/api/guest-download?data=0',
      payload: { productId: kit.id, email: buyer.email, whatsapp: buyer.whatsapp },
      remoteAddress: '203.0.113.7',
    })
    const { purchaseId } = res.json<DownloadAnswer>()
    const logged = await store.database.db
      .select()
      .from(downloadLog)
      .where(eq(downloadLog.purchaseId, purchaseId!))
    expect(logged).toMatchObject([{ productId: kit.id, ip: '203.0.113.7' }])
    expect(logged[0]!.createdAt).toBeInstanceOf(Date)
  })

  it('inlines the main file as base64 for older clients, only when asked and small', async () => {
    const buyer = await buyAsGuest(store, kit.id)
    const res = await store.app.inject({
      method: 'POST',
      url: '/api/guest-download',
      payload: { productId: kit.id, email: buyer.email, whatsapp: buyer.whatsapp },
      remoteAddress: newIp(),
    })
    const { downloadData } = res.json<DownloadAnswer>()
    expect(downloadData).toMatch(/^data:application\/pdf;base64,/)
    expect(Buffer.from(downloadData!.split(',')[1]!, 'base64').toString()).toMatch(/^%PDF/)
    expect((await grantedDownload(store, buyer, kit.id)).downloadData).toBeUndefined()
  })
})

describe('downloads of a logged-in buyer', () => {
  it('uses the account’s purchase with downloads left, and only the account’s', async () => {
    const ana = await customerSession(store.app)
    const bia = await customerSession(store.app)
    const userId = ana.userId
    // Two purchases of one product: the older is used up first, then the newer.
    await buyAsGuest(store, kit.id, { email: ana.email })
    await buyAsGuest(store, kit.id, { email: ana.email })
    const owned = await store.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.customerEmail, ana.email))
    for (const p of owned)
      await store.database.db.update(purchases).set({ userId }).where(eq(purchases.id, p.id))

    const counted = []
    for (const _ of range(6)) {
      nextWindow()
      const res = await accountDownload(kit.id, ana.cookie)
      expect(res.statusCode).toBe(200)
      counted.push(res.json<DownloadAnswer>().purchaseId)
    }
    const [older, newer] = owned.map((p) => p.id).sort((a, b) => a - b)
    expect(counted).toEqual([older, older, older, newer, newer, newer])
    nextWindow()
    expect((await accountDownload(kit.id, ana.cookie)).statusCode).toBe(403)

    expect((await accountDownload(kit.id, bia.cookie)).statusCode).toBe(404)
    const anonymous = await accountDownload(kit.id)
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toHaveProperty('message')
    expect((await accountDownload(999_999, ana.cookie)).statusCode).toBe(404)
  })
})

describe('a material delivered as a Canva link', () => {
  it('answers the link without spending a download, and logs it', async () => {
    const canva = await insertProduct(store, { name: 'Modelo Canva' })
    const { db } = store.database
    await db.delete(productFiles).where(eq(productFiles.productId, canva.id))
    const link = 'https://www.canva.com/design/DAF123/view'
    await db.update(products).set({ externalLink: link }).where(eq(products.id, canva.id))
    const buyer = await buyAsGuest(store, canva.id)
    for (const _ of range(4)) {
      const answer = await grantedDownload(store, buyer, canva.id)
      expect(answer).toMatchObject({ externalLink: link, downloadUrl: link, files: [] })
      expect(answer.remainingDownloads).toBe(3)
    }
    const logged = await db.select().from(downloadLog).where(eq(downloadLog.productId, canva.id))
    expect(logged).toHaveLength(4)
  })
})
