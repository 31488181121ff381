import { eq } from 'drizzle-orm'
import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { purchases } from './downloads.tables.js'
import { productFiles } from '../products/products.tables.js'
import { buyAsGuest, fetchLink, grantedDownload, type GuestBuyer } from '../../testing/downloads.js'
import { insertProduct } from '../../testing/fixtures.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { contentDisposition, parseRange } from './send-file.js'
import { createLinkSigner } from './signed-link.js'

let store: TestStore
let buyer: GuestBuyer
let product: { id: number }
const uploaded = randomBytes(300_000)
const extra = Buffer.from('segundo arquivo: gabarito\n')
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex')

beforeAll(async () => {
  store = await createTestStore()
  product = await insertProduct(store, { fileBytes: uploaded })
  const { db } = store.database
  await db
    .update(productFiles)
    .set({ fileName: 'Alfabetização — caderno "1".pdf' })
    .where(eq(productFiles.productId, product.id))
  const stored = await store.storage.put(`files/test/${product.id}-extra.txt`, extra)
  await db.insert(productFiles).values({
    productId: product.id,
    position: 1,
    fileName: 'gabarito.txt',
    mimeType: 'text/plain',
    sizeBytes: stored.size,
    storageKey: `files/test/${product.id}-extra.txt`,
    sha256: stored.sha256,
  })
  buyer = await buyAsGuest(store, product.id)
})
afterAll(() => store.close())

const invalid = { message: 'Link de download expirado ou inválido' }

describe('the signed download link', () => {
  it('streams every file of the product, byte for byte what was uploaded', async () => {
    const answer = await grantedDownload(store, buyer, product.id)
    expect(answer.files.map((f) => [f.index, f.fileName])).toEqual([
      [0, 'Alfabetização — caderno "1".pdf'],
      [1, 'gabarito.txt'],
    ])
    const res = await fetchLink(store, answer.downloadUrl)
    expect(res.statusCode).toBe(200)
    expect(sha256(res.rawPayload)).toBe(sha256(uploaded))
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(uploaded.length),
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-store',
    })
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Alfabetizacao _ caderno _1_.pdf"; filename*=UTF-8''Alfabetiza%C3%A7%C3%A3o%20%E2%80%94%20caderno%20%221%22.pdf`,
    )
    const second = await fetchLink(store, answer.files[1]!.downloadUrl)
    expect(second.rawPayload.equals(extra)).toBe(true)
    expect(second.headers['content-type']).toMatch(/^text\/plain/)
  })

  it('answers a Range with 206 and exactly those bytes, and resumes without spending', async () => {
    const answer = await grantedDownload(store, buyer, product.id)
    const part = await fetchLink(store, answer.downloadUrl, { range: 'bytes=1000-1999' })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${uploaded.length}`)
    expect(part.headers['content-length']).toBe('1000')
    expect(part.rawPayload.equals(uploaded.subarray(1000, 2000))).toBe(true)
    // A phone resuming: the rest, if the file is still the same (If-Range with the ETag).
    const rest = await fetchLink(store, answer.downloadUrl, {
      range: 'bytes=2000-',
      'if-range': String(part.headers.etag),
    })
    expect(rest.statusCode).toBe(206)
    expect(rest.rawPayload.equals(uploaded.subarray(2000))).toBe(true)
    const tail = await fetchLink(store, answer.downloadUrl, { range: 'bytes=-10' })
    expect(tail.rawPayload.equals(uploaded.subarray(-10))).toBe(true)
    const beyond = await fetchLink(store, answer.downloadUrl, { range: 'bytes=999999999-' })
    expect(beyond.statusCode).toBe(416)
    expect(beyond.headers['content-range']).toBe(`bytes */${uploaded.length}`)
    const [row] = await store.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.orderId, buyer.orderId))
    // Asked twice inside one link window: one download spent.
    expect(row!.downloadCount).toBe(1)
  })

  it('answers HEAD with the headers and no body', async () => {
    const answer = await grantedDownload(store, buyer, product.id)
    const res = await store.app.inject({ method: 'HEAD', url: answer.downloadUrl })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-length']).toBe(String(uploaded.length))
    expect(res.rawPayload).toHaveLength(0)
  })

  it('refuses a link whose product, file index or any byte was changed', async () => {
    const other = await insertProduct(store)
    const answer = await grantedDownload(store, await buyAsGuest(store, product.id), product.id)
    const token = answer.downloadUrl.split('/').pop()!
    const [payload, mac] = token.split('.') as [string, string]
    const fields = JSON.parse(Buffer.from(payload, 'base64url').toString()) as number[]
    const claims = {
      purchase: fields[0],
      productId: fields[1],
      fileIndex: fields[2],
      exp: fields[3]!,
    }
    const forged = (changes: Partial<typeof claims>) => {
      const c = { ...claims, ...changes }
      const json = JSON.stringify([c.purchase, c.productId, c.fileIndex, c.exp])
      return `${Buffer.from(json).toString('base64url')}.${mac}`
    }
    const flip = (s: string, i: number) =>
      s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1)
    const tampered = [
      forged({ productId: other.id }),
      forged({ fileIndex: 1 }),
      forged({ exp: claims.exp + 3600 }),
      flip(token, 5),
      flip(token, token.length - 1),
      token.slice(0, -1),
      `${token}.x`,
      'nada',
    ]
    for (const t of tampered) {
      const res = await fetchLink(store, `/api/downloads/${t}`)
      expect(res.statusCode, t).toBe(403)
      expect(res.json()).toEqual(invalid)
    }
    expect((await fetchLink(store, `/api/downloads/${token}`)).statusCode).toBe(200)
  })

  it('refuses an expired link', async () => {
    const answer = await grantedDownload(store, await buyAsGuest(store, product.id), product.id)
    const claims = { purchase: answer.purchaseId!, productId: product.id, fileIndex: 0 }
    const signer = createLinkSigner(store.app.deps.config.sessionSecret)
    const past = signer.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 })
    const res = await fetchLink(store, `/api/downloads/${past}`)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual(invalid)
    // The same claims still inside their window pass: only the time made the difference.
    const live = signer.sign({ ...claims, exp: Math.floor(Date.now() / 1000) + 60 })
    expect((await fetchLink(store, `/api/downloads/${live}`)).statusCode).toBe(200)
    // And a link is refused once its window has passed on the verifier's clock.
    expect(signer.verify(live, Date.now() + 61_000)).toBeNull()
  })
})

describe('link helpers', () => {
  it('parses single byte ranges as RFC 9110 says', () => {
    expect(parseRange(undefined, 100)).toBeNull()
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 })
    expect(parseRange('bytes=90-200', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=-200', 100)).toEqual({ start: 0, end: 99 })
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable')
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable')
    expect(parseRange('bytes=5-1', 100)).toBeNull()
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull()
    expect(parseRange('items=0-1', 100)).toBeNull()
  })

  it('names files for every browser', () => {
    expect(contentDisposition('plano.pdf')).toBe(
      `attachment; filename="plano.pdf"; filename*=UTF-8''plano.pdf`,
    )
  })
})
