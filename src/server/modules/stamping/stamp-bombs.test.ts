import { createHash } from 'node:crypto'
import { createDeflate } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buyAsGuest, fetchLink, grantedDownload } from '../../testing/downloads.js'
import { adminSession } from '../../testing/auth.js'
import { call } from '../../testing/commerce.js'
import { insertProduct } from '../../testing/fixtures.js'
import { samplePdf } from '../../testing/sample-pdf.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { stampedCopies } from './stamping.tables.js'

/**
 * PDFs built to exhaust the server's memory, made here in code. Each is
 * delivered unstamped at once, the reason recorded for the admin, and the server's memory
 * stays where it was: the stamping thread dies, not the server.
 */

let store: TestStore
let admin: { cookie: string }
/** The stamping thread's cap in this store: small, so the heap bomb below stays small too. */
const MEMORY_MB = 128

beforeAll(async () => {
  store = await createTestStore({ env: { STAMP_MAX_MEMORY_MB: String(MEMORY_MB) } })
  admin = await adminSession(store.app)
})
afterAll(() => store.close())

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')

/** A PDF from numbered objects (1 is the catalogue), with a correct cross-reference table. */
function rawPdf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  const offsets: number[] = []
  let length = parts[0]!.length
  objects.forEach((body, i) => {
    offsets.push(length)
    const object = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n'),
    ])
    parts.push(object)
    length += object.length
  })
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
  ].join('\n')
  parts.push(Buffer.from(`${xref}\n`))
  return Buffer.concat(parts)
}

/** `size` zero bytes deflated as they are made (a 400 MB stream is about 400 KB). */
async function deflatedZeros(prefix: string, size: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 })
  const out: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => out.push(chunk))
  const done = new Promise((resolve) => deflate.on('end', resolve))
  deflate.write(prefix)
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

const page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] >>'

/** One page, and an object stream whose 'objects' inflate to `size` bytes of zeros. */
async function objectStreamBomb(size: number) {
  const data = await deflatedZeros('4 0 ', size)
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    page,
    Buffer.concat([
      Buffer.from(
        `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
      ),
      data,
      Buffer.from('\nendstream'),
    ]),
  ])
}

/** A page tree of `levels` levels, each node listing the next one `width` times: width^levels pages. */
function pageTreeBomb(levels: number, width: number) {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>']
  // 2 is the root; 3 .. levels+1 the inner nodes; levels+2 the one page.
  const leaf = levels + 2
  for (let level = 0; level < levels; level++) {
    const self = level + 2
    const kid = level === levels - 1 ? leaf : self + 1
    const parent = level === 0 ? '' : ` /Parent ${self - 1} 0 R`
    const kids = Array.from({ length: width }, () => `${kid} 0 R`).join(' ')
    objects.push(`<< /Type /Pages${parent} /Kids [${kids}] /Count ${width ** (levels - level)} >>`)
  }
  objects.push(`<< /Type /Page /Parent ${levels + 1} 0 R /MediaBox [0 0 300 300] >>`)
  return rawPdf(objects)
}

/** A page whose resources hold one array of `count` numbers: many small objects on the heap. */
function heapBomb(count: number) {
  const numbers = Buffer.alloc(count * 2, '1 ')
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Resources 4 0 R >>',
    Buffer.concat([Buffer.from('<< /Heavy ['), numbers, Buffer.from('] >>')]),
  ])
}

/**
 * Downloads while sampling this process's memory: the bytes, how long, the peak growth. With
 * `background`, the background job stamps first (its 60 s limit: on a loaded machine V8's last
 * collections before the heap cap can outlast a download's 10 s), then the download is timed.
 */
async function downloadWatched(productId: number, background = false) {
  const buyer = await buyAsGuest(store, productId)
  const before = process.memoryUsage.rss()
  let peak = before
  const watch = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss())
  }, 20)
  try {
    if (background) await store.app.services.stamping.stampDue()
    const started = Date.now()
    const answer = await grantedDownload(store, buyer, productId)
    const res = await fetchLink(store, answer.downloadUrl)
    expect(res.statusCode).toBe(200)
    return { bytes: res.rawPayload, ms: Date.now() - started, grownMb: (peak - before) / 2 ** 20 }
  } finally {
    clearInterval(watch)
  }
}

async function rowOf(productId: number) {
  const rows = await store.database.db.select().from(stampedCopies)
  return rows.find((r) => r.productId === productId)!
}

describe('stamping bombs: the original at once, the reason recorded, the server unharmed', () => {
  // Caught before pdf-lib loads it (no detail), or by the thread's memory cap (its detail).
  const bombs: Record<string, [() => Promise<Buffer>, RegExp | null]> = {
    'an object stream that inflates 1000-fold (400 KB → 400 MB)': [
      () => objectStreamBomb(400 * 1024 * 1024),
      null,
    ],
    'a page tree of a million pages in 1 KB (six levels of ten kids, one page)': [
      async () => pageTreeBomb(6, 10),
      null,
    ],
    'an array of 3 million numbers, stamped by the background job (past the thread’s heap cap)': [
      async () => heapBomb(3_000_000),
      /memória/,
    ],
  }
  for (const [what, [make, detail]] of Object.entries(bombs)) {
    it(
      what,
      async () => {
        const bomb = await make()
        const product = await insertProduct(store, { stampPdf: true, fileBytes: bomb })
        const { bytes, ms, grownMb } = await downloadWatched(product.id, detail !== null)
        expect(sha(bytes)).toBe(sha(bomb))
        expect(ms).toBeLessThan(8_000)
        expect(grownMb).toBeLessThan(MEMORY_MB * 2)
        const row = await rowOf(product.id)
        expect([row.status, row.fallbackReason]).toEqual(['fallback', 'too_heavy'])
        if (detail) expect(row.lastError).toMatch(detail)
        else expect(row.lastError).toBeNull()
        const answer = await call(store, 'GET', '/api/admin/stamping/fallbacks', undefined, admin)
        expect(answer.json()).toContainEqual({
          productId: product.id,
          reason: 'too_heavy',
          count: 1,
        })
      },
      60_000,
    )
  }

  it('a real PDF is still stamped under the same caps', async () => {
    const original = Buffer.from(await samplePdf({ pages: 30, imageBytes: 20 * 1024 }))
    const product = await insertProduct(store, { stampPdf: true, fileBytes: original })
    const { bytes } = await downloadWatched(product.id)
    expect(sha(bytes)).not.toBe(sha(original))
    const row = await rowOf(product.id)
    expect(row.status).toBe('ready')
  }, 60_000)
})
