/**
 * The preview's thread: reads one PDF (or a ZIP's first PDF), renders the chosen pages to WebP with the store's mark
 * across them, answers them and ends. pdf.js (through unpdf) draws on @napi-rs/canvas; sharp
 * lays the mark over each page and encodes it. A file built to exhaust the CPU or memory ends
 * only this thread (runCapped's time and memory caps); pages whose size is absurd are refused
 * before anything is drawn. The mark and the WebP encoding are done on the page's canvas in this
 * thread too (not by sharp, whose work runs on the process's shared threads at normal priority):
 * every cycle a preview takes is one the requests may take first.
 */
import { readlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { constants, setPriority } from 'node:os'
import type { Readable } from 'node:stream'
import { parentPort } from 'node:worker_threads'
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas'
import { fromBuffer, type Entry, type ZipFile } from 'yauzl'
import { drawPreviewMark, MARK_FONT } from './preview-mark.js'
import { PREVIEW_LIMITS, type PreviewRefusal } from './preview-limits.js'

export interface PreviewRequest {
  bytes: ArrayBuffer
  /** The owner's choice, in her order; pages past the file's end are left out. */
  pages: number[]
  storeName: string
  /** The most a ZIP's PDF may inflate to (the stamping's file cap): past it, refused. */
  maxBytes: number
}
export interface RenderedPage {
  page: number
  bytes: ArrayBuffer
  width: number
  height: number
}
export type PreviewReply =
  | { kind: 'rendered'; pageCount: number; pages: RenderedPage[] }
  | { kind: 'refused'; reason: PreviewRefusal }
  | { kind: 'error'; message: string }

/** What unpdf's canvas factory makes on Node: an @napi-rs/canvas and its 2D context. */
interface NodeDrawing {
  canvas: Canvas
  context: SKRSContext2D
}

const FONT_PATH = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')
/** WebP quality: text stays sharp at 800 px; a page weighs tens of kilobytes. */
const QUALITY = 72

class Refused extends Error {
  constructor(readonly reason: PreviewRefusal) {
    super(reason)
  }
}

/**
 * pdf.js calls ArrayBuffer.prototype.transferToFixedLength, which Node 20 lacks (Node 24 has
 * it). A copy does what the store needs of it: the buffer it answers is a new one.
 */
function polyfillTransfer() {
  const proto = ArrayBuffer.prototype as ArrayBuffer & {
    transferToFixedLength?: (length?: number) => ArrayBuffer
  }
  if (typeof proto.transferToFixedLength === 'function') return
  Object.defineProperty(proto, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length = this.byteLength) {
      const copy = new ArrayBuffer(length)
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)))
      return copy
    },
  })
}

/** The lowest CPU priority for this thread only: requests go first (as the stamping's). */
function yieldToRequests() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop())
    setPriority(threadId, constants.priority.PRIORITY_LOW)
  } catch {
    // Not Linux, or not allowed: the preview runs at normal priority, still off the main thread.
  }
}

/** A ZIP's local file header: `PK\x03\x04`. */
const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04

/** A file of macOS's archiver beside the real one ('__MACOSX/…', '._kit.pdf'), never the material. */
const isResourceCopy = (name: string) =>
  name.startsWith('__macosx/') || name.split('/').some((part) => part.startsWith('._'))

/**
 * The first PDF of a ZIP, in the archive's order (folders included), read by yauzl within
 * `maxBytes`: an entry declaring more is refused before it is read, and one inflating past what
 * it declares (a bomb that lies) is stopped by yauzl's size check and by the count here.
 */
async function firstPdfOf(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(Buffer.from(bytes), { lazyEntries: true, validateEntrySizes: true }, (err, z) =>
      err ? reject(err) : resolve(z),
    ),
  )
  try {
    const entry = await new Promise<Entry | null>((resolve, reject) => {
      zip.on('entry', (found: Entry) => {
        const name = found.fileName.toLowerCase()
        if (name.endsWith('.pdf') && !isResourceCopy(name)) resolve(found)
        else zip.readEntry()
      })
      zip.once('end', () => resolve(null))
      zip.once('error', reject)
      zip.readEntry()
    })
    if (!entry) throw new Refused('zip_without_pdf')
    if (entry.uncompressedSize > maxBytes) throw new Refused('too_large')
    const stream = await new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))),
    )
    const chunks: Buffer[] = []
    let total = 0
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length
      if (total > maxBytes) {
        stream.destroy()
        throw new Refused('too_large')
      }
      chunks.push(chunk)
    }
    // pdf.js takes a plain Uint8Array, not a Buffer (its subclass).
    const pdf = Buffer.concat(chunks)
    return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength)
  } finally {
    zip.close()
  }
}

async function render(request: PreviewRequest): Promise<PreviewReply> {
  polyfillTransfer()
  const given = new Uint8Array(request.bytes)
  const data = isZip(given) ? await firstPdfOf(given, request.maxBytes) : given
  const { createIsomorphicCanvasFactory, getDocumentProxy } = await import('unpdf')
  const canvas = await import('@napi-rs/canvas')
  canvas.GlobalFonts.registerFromPath(FONT_PATH, MARK_FONT)
  const CanvasFactory = await createIsomorphicCanvasFactory(() => Promise.resolve(canvas))
  const pdf = await getDocumentProxy(data, {
    CanvasFactory,
    // No fonts fetched, nothing the file asks for beyond its own bytes.
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    // A file's warnings (a standard font drawn with a fallback) are not the store's log's.
    verbosity: 0,
  })
  try {
    if (pdf.numPages > PREVIEW_LIMITS.maxPageCount) throw new Refused('too_many_pages')
    const chosen = request.pages.filter((page) => page >= 1 && page <= pdf.numPages)
    const pages: RenderedPage[] = []
    let pixels = 0
    for (const number of chosen) {
      const page = await pdf.getPage(number)
      const base = page.getViewport({ scale: 1 })
      if (base.width * base.height > PREVIEW_LIMITS.maxPagePoints)
        throw new Refused('page_too_large')
      const scale = PREVIEW_LIMITS.width / base.width
      const viewport = page.getViewport({ scale })
      const width = Math.round(viewport.width)
      const height = Math.round(viewport.height)
      // A strip of a page (800 px wide and miles tall) is as bad as a huge one.
      if (height > PREVIEW_LIMITS.maxHeight) throw new Refused('page_too_large')
      pixels += width * height
      if (pixels > PREVIEW_LIMITS.maxTotalPixels) throw new Refused('page_too_large')
      const factory = new CanvasFactory()
      const drawing = factory.create(width, height) as unknown as NodeDrawing
      try {
        // White first: a page without a background would be transparent, then black in WebP.
        drawing.context.fillStyle = '#ffffff'
        drawing.context.fillRect(0, 0, width, height)
        await page.render({
          canvas: null,
          canvasContext: drawing.context as unknown as CanvasRenderingContext2D,
          viewport,
        }).promise
        drawPreviewMark(drawing.context, width, height, request.storeName)
        const webp = drawing.canvas.encodeSync('webp', QUALITY)
        const bytes = webp.buffer.slice(webp.byteOffset, webp.byteOffset + webp.byteLength)
        pages.push({ page: number, bytes: bytes as ArrayBuffer, width, height })
      } finally {
        factory.destroy(drawing)
        page.cleanup()
      }
    }
    return { kind: 'rendered', pageCount: pdf.numPages, pages }
  } finally {
    await pdf.cleanup()
    await pdf.loadingTask.destroy()
  }
}

yieldToRequests()
parentPort?.once('message', async (request: PreviewRequest) => {
  let reply: PreviewReply
  try {
    reply = await render(request)
  } catch (error) {
    reply =
      error instanceof Refused
        ? { kind: 'refused', reason: error.reason }
        : { kind: 'error', message: (error as Error).message }
  }
  const transfer = reply.kind === 'rendered' ? reply.pages.map((p) => p.bytes) : []
  parentPort!.postMessage(reply, transfer)
})
