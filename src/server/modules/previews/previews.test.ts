import { buffer } from 'node:stream/consumers'
import { createDeflate } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { PDFDocument, PDFName } from 'pdf-lib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ZipFile } from 'yazl'
import { PREVIEW_MESSAGES } from '../../../contracts/previews.js'
import type { AdminPreview } from '../../../contracts/previews.js'
import type { Product } from '../../../contracts/products.js'
import { adminSession } from '../../testing/auth.js'
import { insertProduct, samplePng } from '../../testing/fixtures.js'
import { samplePdf } from '../../testing/sample-pdf.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { formData, productFields, sendForm, type FormFile } from '../../testing/uploads.js'
import { PREVIEW_REASONS } from './preview-reasons.js'
import { productPreviews } from './previews.tables.js'

/** The thread's caps in this store: the stamping's setting, small enough for the bombs below. */
const MEMORY_MB = 384

let store: TestStore
let admin: string
beforeAll(async () => {
  store = await createTestStore({ env: { STAMP_MAX_MEMORY_MB: String(MEMORY_MB) } })
  admin = (await adminSession(store.app)).cookie
})
afterAll(() => store.close())

const get = (url: string) => store.app.inject({ method: 'GET', url })
const productOf = async (id: number) => (await get(`/api/products/${id}`)).json<Product>()
const rowOf = async (id: number) =>
  (
    await store.database.db.select().from(productPreviews).where(eq(productPreviews.productId, id))
  )[0]
const adminPreview = async (id: number) =>
  (
    await store.app.inject({
      method: 'GET',
      url: `/api/admin/products/${id}/previews`,
      headers: { cookie: admin },
    })
  ).json<AdminPreview>()

const pdfFile = (bytes: Uint8Array, name = 'material.pdf'): FormFile => ({
  field: 'downloadFile',
  name,
  bytes: Buffer.from(bytes),
  type: 'application/pdf',
})

async function create(main: FormFile, fields: Record<string, string> = {}) {
  const cover: FormFile = {
    field: 'imageFile',
    name: 'capa.png',
    bytes: await samplePng(400, 300),
    type: 'image/png',
  }
  const form = formData(productFields(fields), [cover, main])
  const res = await sendForm(store, '/api/products', form, admin)
  expect(res.statusCode, res.body).toBe(201)
  return res.json<{ id: number }>().id
}

/**
 * The background job's work, driven here one step at a time (jobs are off in tests). A row a
 * write's committed handler is comparing at that instant is locked, and skipped by the claim
 * (as the job would, until its next turn): asked again while a row is pending.
 */
async function drawDue() {
  for (let waited = 0; ; waited += 20) {
    const drawn = await store.app.services.previews.drawDue()
    const rows = await store.database.db.select().from(productPreviews)
    if (drawn || waited >= 2_000 || !rows.some((r) => r.status === 'pending')) return drawn
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe("'Veja por dentro': the chosen pages, drawn once per file", () => {
  it('answers the upload at once, then draws only the chosen pages (clamped to the file)', async () => {
    const pdf = await samplePdf({ pages: 5, title: 'Caderno' })
    const id = await create(pdfFile(pdf), { previewPages: '1,3,9' })
    // The upload did not wait: nothing is drawn until the job runs.
    const before = await productOf(id)
    expect(before.previewStatus).toBe('pending')
    expect(before.previews).toEqual([])
    expect((await adminPreview(id)).status).toBe('pending')

    expect(await drawDue()).toBe(1)
    const product = await productOf(id)
    expect(product.previewStatus).toBe('ready')
    expect(product.previews.map((p) => p.page)).toEqual([1, 3])
    for (const preview of product.previews) {
      expect(preview.width).toBe(800)
      expect(preview.height).toBe(Math.round((842 * 800) / 595))
      const res = await get(preview.url)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/webp')
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const meta = await sharp(res.rawPayload).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, preview.height])
    }
    // No page but those chosen is served, whatever name is asked for.
    const other = product.previews[0]!.url.replace(/-1\.webp$/, '-2.webp')
    expect((await get(other)).statusCode).toBe(404)
    expect((await get(`/api/previews/${id}/..%2F..%2Ffiles.webp`)).statusCode).toBe(400)

    // Made once: the job finds nothing more, and a write that keeps the file draws nothing.
    expect(await drawDue()).toBe(0)
    const edit = formData(productFields({ price: '24.90' }), [])
    expect((await sendForm(store, `/api/products/${id}`, edit, admin, 'PUT')).statusCode).toBe(200)
    expect((await rowOf(id))!.status).toBe('ready')
    expect(await drawDue()).toBe(0)
    expect((await productOf(id)).previews).toEqual(product.previews)
  }, 60_000)

  it('a new file is a new preview at new addresses; the old images are gone', async () => {
    const id = await create(pdfFile(await samplePdf({ pages: 4, title: 'Primeira' })))
    await drawDue()
    const first = await productOf(id)
    expect(first.previews.map((p) => p.page)).toEqual([1, 2, 3])

    const replaced = formData(productFields(), [
      pdfFile(await samplePdf({ pages: 2, title: 'Nova' })),
    ])
    expect((await sendForm(store, `/api/products/${id}`, replaced, admin, 'PUT')).statusCode).toBe(
      200,
    )
    expect((await productOf(id)).previewStatus).toBe('pending')
    expect(await drawDue()).toBe(1)
    const second = await productOf(id)
    expect(second.previews.map((p) => p.page)).toEqual([1, 2])
    expect(second.previews.map((p) => p.url)).not.toContain(first.previews[0]!.url)
    for (const old of first.previews) expect((await get(old.url)).statusCode).toBe(404)
  }, 60_000)

  it('a new choice of pages draws again; more than 6, or page 0, is refused in Portuguese', async () => {
    const id = await create(pdfFile(await samplePdf({ pages: 8 })))
    await drawDue()
    for (const bad of ['1,2,3,4,5,6,7', '0', 'um, dois', '']) {
      const form = formData(productFields({ previewPages: bad }), [])
      const res = await sendForm(store, `/api/products/${id}`, form, admin, 'PUT')
      expect([res.statusCode, res.json().message]).toEqual([400, PREVIEW_MESSAGES.pages])
    }
    const form = formData(productFields({ previewPages: '8, 2,2' }), [])
    expect((await sendForm(store, `/api/products/${id}`, form, admin, 'PUT')).statusCode).toBe(200)
    expect((await adminPreview(id)).previewPages).toEqual([2, 8])
    expect(await drawDue()).toBe(1)
    expect((await productOf(id)).previews.map((p) => p.page)).toEqual([2, 8])
  }, 60_000)

  it("a ZIP shows its first PDF's pages; one without a PDF says so", async () => {
    const kit = await samplePdf({ pages: 4, title: 'Kit dentro do ZIP' })
    const zipId = await create(
      await zipFile('kit.zip', [
        ['LEIA-ME.txt', Buffer.from('Instruções')],
        // macOS's copy of the file's attributes, beside the real one: never the material.
        ['__MACOSX/atividades/._kit.pdf', Buffer.from('não é um PDF')],
        ['atividades/kit.pdf', Buffer.from(kit)],
        ['atividades/outro.pdf', Buffer.from(await samplePdf({ pages: 9, title: 'Outro' }))],
      ]),
    )
    expect((await productOf(zipId)).previewStatus).toBe('pending')
    expect(await drawDue()).toBe(1)
    const shown = await productOf(zipId)
    expect(shown.previewStatus).toBe('ready')
    expect(shown.previews.map((p) => p.page)).toEqual([1, 2, 3])
    expect((await rowOf(zipId))!.pageCount).toBe(4)

    const noPdf = await create(await zipFile('fotos.zip', [['foto.txt', Buffer.from('x')]]))
    await drawDue()
    expect((await adminPreview(noPdf)).reason).toBe(PREVIEW_REASONS.zip_without_pdf)
  }, 60_000)

  it('refuses a ZIP whose PDF would inflate past the file cap, before reading it', async () => {
    // 101 MB of zeros deflate to about 100 KB: the entry says what it inflates to.
    const bomb = await create(
      await zipFile('bomba.zip', [['bomba.pdf', Buffer.alloc(101 * 1024 * 1024)]]),
    )
    await drawDue()
    expect((await adminPreview(bomb)).reason).toBe(PREVIEW_REASONS.too_large)
  }, 60_000)

  it('a Canva material shows its gallery images', async () => {
    const canva = await insertProduct(store, {
      withoutFile: true,
      externalLink: 'https://www.canva.com/design/DAF123/view',
      extraImages: 2,
    })
    const shown = await productOf(canva.id)
    expect(shown.previewStatus).toBe('ready')
    expect(shown.previews.map((p) => [p.page, p.url, p.width])).toEqual(
      shown.additionalImages.map((url, i) => [i + 1, url, 800]),
    )
  })
})

/** A ZIP of these entries (deflated, as an archiver makes them), as the product's main file. */
function zipFile(name: string, entries: [string, Buffer][]): Promise<FormFile> {
  const zip = new ZipFile()
  for (const [entry, bytes] of entries) zip.addBuffer(bytes, entry)
  zip.end()
  return buffer(zip.outputStream).then((bytes) => ({
    field: 'downloadFile',
    name,
    bytes,
    type: 'application/zip',
  }))
}

/** A PDF of one page `size` points square. */
async function pdfWithPage(size: [number, number], pages = 1) {
  const doc = await PDFDocument.create()
  for (let i = 0; i < pages; i++) doc.addPage(size)
  return doc.save()
}

/** `size` zero bytes deflated as they are made (a 1.5 GB stream is about 1.5 MB). */
async function deflatedZeros(size: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 })
  const out: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => out.push(chunk))
  const done = new Promise((resolve) => deflate.on('end', resolve))
  const chunk = Buffer.alloc(4 * 1024 * 1024)
  for (let left = size; left > 0; left -= chunk.length) {
    if (!deflate.write(chunk.subarray(0, Math.min(left, chunk.length)))) {
      await new Promise((resolve) => deflate.once('drain', resolve))
    }
  }
  deflate.end()
  await done
  return Buffer.concat(out)
}

/** One page whose content stream (FlateDecode) inflates to `size` bytes. */
async function flateBomb(size: number) {
  const doc = await PDFDocument.create()
  const page = doc.addPage([595, 842])
  const stream = doc.context.stream(await deflatedZeros(size), { Filter: 'FlateDecode' })
  page.node.set(PDFName.of('Contents'), doc.context.register(stream))
  return doc.save()
}

describe('hostile PDFs: refused or cut off within the caps, the reason kept for the owner', () => {
  const hostile: Record<string, [() => Promise<Uint8Array>, string[]]> = {
    'a page of 20,000 × 20,000 points': [
      () => pdfWithPage([20_000, 20_000]),
      [PREVIEW_REASONS.page_too_large],
    ],
    'a file of 10,000 pages': [
      () => pdfWithPage([595, 842], 10_000),
      [PREVIEW_REASONS.too_many_pages],
    ],
    'a content stream that inflates to 1.5 GB (FlateDecode bomb)': [
      () => flateBomb(1536 * 1024 * 1024),
      [PREVIEW_REASONS.too_heavy, PREVIEW_REASONS.timeout],
    ],
  }
  for (const [what, [make, reasons]] of Object.entries(hostile)) {
    it(
      what,
      async () => {
        const id = await create(pdfFile(await make()))
        const before = process.memoryUsage.rss()
        let peak = before
        const watch = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20)
        const started = Date.now()
        try {
          expect(await drawDue()).toBe(1)
        } finally {
          clearInterval(watch)
        }
        expect(Date.now() - started).toBeLessThan(61_000)
        expect((peak - before) / 2 ** 20).toBeLessThan(MEMORY_MB * 2)
        const preview = await adminPreview(id)
        expect(preview.status).toBe('failed')
        expect(reasons).toContain(preview.reason)
        expect((await productOf(id)).previews).toEqual([])

        if (reasons[0] !== PREVIEW_REASONS.page_too_large) return
        // 'Tentar de novo' queues it again; the same file fails the same way.
        const retried = await store.app.inject({
          method: 'POST',
          url: `/api/admin/products/${id}/previews/retry`,
          headers: { cookie: admin, origin: 'http://localhost' },
        })
        expect(retried.statusCode, retried.body).toBe(200)
        expect(retried.json<AdminPreview>().status).toBe('pending')
        expect(await drawDue()).toBe(1)
        expect((await adminPreview(id)).status).toBe('failed')
      },
      120_000,
    )
  }
})
