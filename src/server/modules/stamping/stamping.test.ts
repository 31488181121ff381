import { createHash, randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { extractText, getDocumentProxy, getMeta } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminProduct } from '../../../contracts/products.js'
import { adminSession } from '../../testing/auth.js'
import { call } from '../../testing/commerce.js'
import { buyAsGuest, fetchLink, grantedDownload, type GuestBuyer } from '../../testing/downloads.js'
import { insertProduct } from '../../testing/fixtures.js'
import { samplePdf } from '../../testing/sample-pdf.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { stampedCopies } from './stamping.tables.js'

let store: TestStore
let admin: { cookie: string }
let original: Buffer
const clock = { offsetMs: 0 }

beforeAll(async () => {
  store = await createTestStore({
    // Small enough that the oversize test needs no 100 MB file.
    env: { STAMP_MAX_BYTES: String(400 * 1024) },
    now: () => new Date(Date.now() + clock.offsetMs),
  })
  admin = await adminSession(store.app)
  original = Buffer.from(await samplePdf({ pages: 5, title: 'Caderno de caligrafia' }))
})
afterAll(() => store.close())

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')

/** A paid product stamped for its buyers, with `bytes` as its PDF. */
const stampedProduct = (fileBytes: Buffer = original, extra = {}) =>
  insertProduct(store, { stampPdf: true, fileBytes, ...extra })

async function buy(productId: number, name = 'Conceição Araújo'): Promise<GuestBuyer> {
  const buyer = await buyAsGuest(store, productId)
  // The guest checkout's name is 'Maria Souza'; each test names its buyer.
  const { orders } = await import('../orders/orders.tables.js')
  const { eq } = await import('drizzle-orm')
  await store.database.db
    .update(orders)
    .set({ customerName: name })
    .where(eq(orders.id, buyer.orderId))
  return buyer
}

/** The file a buyer's link delivers, and the answer it came with. */
async function download(buyer: GuestBuyer, productId: number, headers = {}) {
  const answer = await grantedDownload(store, buyer, productId)
  const res = await fetchLink(store, answer.downloadUrl, headers)
  return { res, bytes: res.rawPayload, url: answer.downloadUrl }
}

async function pagesText(bytes: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes))
  const { totalPages, text } = await extractText(pdf, { mergePages: false })
  const { info } = await getMeta(pdf)
  return { totalPages, text, info: info as Record<string, string> }
}

const rowsOf = async (productId: number) =>
  (await store.database.db.select().from(stampedCopies)).filter((r) => r.productId === productId)

describe('stamped copies', () => {
  it('every page carries the buyer, the file is otherwise the original', async () => {
    const product = await stampedProduct()
    const buyer = await buy(product.id)
    expect(await store.app.services.stamping.stampDue()).toBe(1)
    const { res, bytes } = await download(buyer, product.id)
    expect(res.statusCode).toBe(200)
    expect(sha(bytes)).not.toBe(sha(original))
    const { totalPages, text, info } = await pagesText(bytes)
    expect(totalPages).toBe(5)
    const line = `Licenciado para Conceição Araújo · ${buyer.email} · Pedido ${buyer.orderId}`
    text.forEach((page, i) => {
      expect(page).toContain(`Caderno de caligrafia - pagina ${i + 1}`)
      expect(page).toContain(line)
    })
    expect(info.Subject).toBe(line)
    expect(info.Keywords).toContain(buyer.email)
    expect(info.Keywords).toContain(buyer.orderId)
    // Page sizes as they were; the original in storage untouched.
    const [before, after] = await Promise.all([PDFDocument.load(original), PDFDocument.load(bytes)])
    expect(after.getPages().map((p) => p.getSize())).toEqual(
      before.getPages().map((p) => p.getSize()),
    )
    const [file] = await store.app.services.products.files(product.id)
    expect(sha(await readFile(path.join(store.dataDir, 'files', file!.storageKey)))).toBe(
      sha(original),
    )
    expect(file!.sha256).toBe(sha(original))
  })

  it('two buyers get different bytes; one buyer the same bytes twice, and Range matches', async () => {
    const product = await stampedProduct()
    const ana = await buy(product.id, 'Ana Lúcia')
    const bia = await buy(product.id, 'Beatriz')
    await store.app.services.stamping.stampDue()
    const first = await download(ana, product.id)
    const again = await download(ana, product.id)
    const other = await download(bia, product.id)
    expect(sha(again.bytes)).toBe(sha(first.bytes))
    expect(sha(other.bytes)).not.toBe(sha(first.bytes))
    expect((await pagesText(other.bytes)).text[0]).toContain('Licenciado para Beatriz')
    const part = await fetchLink(store, first.url, { range: 'bytes=100-1099' })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${first.bytes.length}`)
    expect(part.rawPayload.equals(first.bytes.subarray(100, 1100))).toBe(true)
    expect(first.res.headers.etag).toBe(`"${sha(first.bytes)}"`)
  })

  it('a download before the background job stamps on demand', async () => {
    const product = await stampedProduct()
    const buyer = await buy(product.id, 'Zé do Caixão')
    const { res, bytes } = await download(buyer, product.id)
    expect(res.statusCode).toBe(200)
    expect((await pagesText(bytes)).text.every((t) => t.includes('Licenciado para Zé'))).toBe(true)
    expect((await rowsOf(product.id)).map((r) => r.status)).toEqual(['ready'])
    // The job then has nothing left to do for it.
    await store.app.services.stamping.stampDue()
    expect(sha((await download(buyer, product.id)).bytes)).toBe(sha(bytes))
  })

  it('cuts a name too long for the line, keeping e-mail and order id whole', async () => {
    const product = await stampedProduct()
    const long = `Maria ${'Aparecida da Conceição '.repeat(8)}Gonçalves`
    const buyer = await buy(product.id, long)
    const { text, info } = await pagesText((await download(buyer, product.id)).bytes)
    expect(text[0]).toContain('Licenciado para Maria Aparecida')
    expect(text[0]).toContain('…')
    expect(text[0]).not.toContain('Gonçalves')
    expect(text[0]).toContain(`${buyer.email} · Pedido ${buyer.orderId}`)
    // The metadata keeps the whole name.
    expect(info.Subject).toContain('Gonçalves')
  })

  it('free materials and files that are not PDFs are delivered as they are', async () => {
    const free = await insertProduct(store, { isFree: true, stampPdf: true, fileBytes: original })
    const freeAnswer = await store.app.inject({
      method: 'POST',
      url: `/api/user/download/${free.id}?data=0`,
    })
    const freeBytes = (
      await fetchLink(store, freeAnswer.json<{ downloadUrl: string }>().downloadUrl)
    ).rawPayload
    expect(sha(freeBytes)).toBe(sha(original))

    const zipBytes = Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(2000)])
    const zip = await stampedProduct(zipBytes, {
      fileName: 'jogos.zip',
      mimeType: 'application/zip',
    })
    const buyer = await buy(zip.id)
    await store.app.services.stamping.stampDue()
    expect(sha((await download(buyer, zip.id)).bytes)).toBe(sha(zipBytes))
    expect(await rowsOf(zip.id)).toEqual([])
  })

  it('a product without the setting is delivered as it is', async () => {
    const plain = await insertProduct(store, { fileBytes: original })
    const buyer = await buy(plain.id)
    expect(sha((await download(buyer, plain.id)).bytes)).toBe(sha(original))
    expect(await rowsOf(plain.id)).toEqual([])
  })
})

/** A real PDF whose trailer names an encryption dictionary, as a password-protected one does. */
async function encryptedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.load(original)
  const context = doc.context
  context.trailerInfo.Encrypt = context.register(
    context.obj({ Filter: 'Standard', V: 1, R: 2, P: -44, O: 'x'.repeat(32), U: 'y'.repeat(32) }),
  )
  return Buffer.from(await doc.save({ useObjectStreams: false }))
}

describe('fallbacks: the original, at once, recorded for the admin', () => {
  const cases = {
    encrypted: encryptedPdf,
    damaged: async () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(5000)]),
    too_large: async () =>
      Buffer.from(await samplePdf({ pages: 3, imageBytes: 200 * 1024, title: 'Grande' })),
  }
  for (const [reason, make] of Object.entries(cases)) {
    it(`${reason}: delivered unstamped, the same bytes on every request`, async () => {
      const bytes = await make()
      const product = await stampedProduct(bytes)
      const buyer = await buy(product.id)
      const started = Date.now()
      const first = await download(buyer, product.id)
      expect(Date.now() - started).toBeLessThan(5_000)
      expect(first.res.statusCode).toBe(200)
      expect(sha(first.bytes)).toBe(sha(bytes))
      expect(sha((await download(buyer, product.id)).bytes)).toBe(sha(bytes))
      const [row] = await rowsOf(product.id)
      expect([row!.status, row!.fallbackReason]).toEqual(['fallback', reason])
      const answer = await call(store, 'GET', '/api/admin/stamping/fallbacks', undefined, admin)
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toContainEqual({ productId: product.id, reason, count: 1 })
    })
  }

  it('is for the admin only', async () => {
    const res = await call(store, 'GET', '/api/admin/stamping/fallbacks')
    expect(res.statusCode).toBe(401)
  })
})

describe('refunds and cleanup', () => {
  it('a refund stops the stamped copy and the cleanup removes it', async () => {
    const product = await stampedProduct()
    const buyer = await buy(product.id)
    const { url } = await download(buyer, product.id)
    const [row] = await rowsOf(product.id)
    const copyPath = path.join(store.dataDir, 'files', row!.copyKey!)
    await readFile(copyPath)
    const refund = await call(
      store,
      'PUT',
      `/api/admin/orders/${buyer.orderId}/status`,
      { status: 'refunded' },
      admin,
    )
    expect(refund.statusCode).toBe(200)
    expect((await fetchLink(store, url)).statusCode).toBe(403)
    expect(await store.app.services.stamping.cleanup()).toBeGreaterThanOrEqual(1)
    await expect(readFile(copyPath)).rejects.toThrow()
  })

  it('copies leave storage after the download window and are made again on demand', async () => {
    const product = await stampedProduct()
    const buyer = await buy(product.id)
    const first = await download(buyer, product.id)
    const [row] = await rowsOf(product.id)
    expect(await store.app.services.stamping.cleanup()).toBe(0)
    clock.offsetMs = 3 * 24 * 60 * 60 * 1000
    try {
      await store.app.services.stamping.cleanup()
    } finally {
      clock.offsetMs = 0
    }
    await expect(readFile(path.join(store.dataDir, 'files', row!.copyKey!))).rejects.toThrow()
    const [after] = await rowsOf(product.id)
    expect(after!.copyKey).toBeNull()
    // Made again, byte for byte: the stamp depends only on the file and the order.
    const again = await download(buyer, product.id)
    expect(sha(again.bytes)).toBe(sha(first.bytes))
  })
})

describe('the stampPdf setting', () => {
  it('is on for new paid products, off for free ones, editable, and only in the admin API', async () => {
    const fields = { description: 'Atividades', price: '12.50', category: 'alfabetizacao' }
    const created = await call(
      store,
      'POST',
      '/api/products/base64',
      {
        ...fields,
        name: 'Paga',
        imageBase64: (
          await import('../../testing/fixtures.js').then((f) => f.samplePng(50, 50))
        ).toString('base64'),
        imageFileName: 'capa.png',
        downloadFileBase64: original.toString('base64'),
        downloadFileName: 'paga.pdf',
        downloadFileType: 'application/pdf',
      },
      admin,
    )
    expect(created.statusCode).toBe(201)
    const { id } = created.json<{ id: number }>()
    const view = async () =>
      (await call(store, 'GET', '/api/admin/products', undefined, admin))
        .json<AdminProduct[]>()
        .find((p) => p.id === id)!
    expect((await view()).stampPdf).toBe(true)
    const edited = await call(
      store,
      'PUT',
      `/api/products/${id}/update-json`,
      { name: 'Paga', price: '12.50', stampPdf: false },
      admin,
    )
    expect(edited.json<AdminProduct>().stampPdf).toBe(false)
    expect((await view()).stampPdf).toBe(false)
    // A field left out keeps its value.
    await call(
      store,
      'PUT',
      `/api/products/${id}/update-json`,
      { name: 'Paga 2', price: '12.50' },
      admin,
    )
    expect((await view()).stampPdf).toBe(false)
    const publicList = await call(store, 'GET', '/api/products')
    expect(publicList.body).not.toContain('stampPdf')
  })
})
