/**
 * Cheap checks for PDFs built to exhaust memory, run in the stamping thread before
 * and right after pdf-lib reads the file. They refuse with 'too_heavy'; the memory cap of the
 * thread (stamp-runner.ts) stays the backstop for whatever they do not foresee.
 */
import { inflateSync, constants as zlib } from 'node:zlib'
import type { PDFDocument } from 'pdf-lib'
import { PDFArray, PDFDict, PDFName, PDFRef } from 'pdf-lib'
import { StampRefusal } from './stamp-reasons.js'

/** More pages than any teaching material has; a page tree past it is refused. */
export const MAX_PAGES = 20_000
/** How many filters deep a stream is followed (FlateDecode over FlateDecode...). */
const MAX_FILTER_DEPTH = 4

const STREAM = Buffer.from('stream')
const END_STREAM = Buffer.from('endstream')
const OBJ = Buffer.from(' obj')

/** `/Obj#53tm` is `/ObjStm`: names are compared as the PDF reader decodes them. */
const decodeNames = (text: string) =>
  text.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))

/** The object streams and cross-reference streams are the streams pdf-lib inflates on load. */
const DECODED_ON_LOAD = /\/Type\s*\/(ObjStm|XRef)(?=[\s/<>[\]()]|$)/

/** How many bytes `data` inflates to, stopping past `budget` (never holding more than that). */
function inflatedSize(data: Buffer, budget: number, depth = 0): number {
  let out: Buffer
  try {
    out = inflateSync(data, { maxOutputLength: budget + 1, finishFlush: zlib.Z_SYNC_FLUSH })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return budget + 1
    if (error instanceof RangeError) return budget + 1
    return depth === 0 ? 0 : data.length // not deflate data: pdf-lib will judge it
  }
  if (out.length > budget) return out.length
  // A filter chain (/FlateDecode /FlateDecode) multiplies the ratio: follow it.
  if (depth + 1 < MAX_FILTER_DEPTH && out.length > 2 && out[0] === 0x78) {
    const inner = inflatedSize(out, budget, depth + 1)
    if (inner > 0) return inner
  }
  return out.length
}

/**
 * Refuses a file whose object and cross-reference streams inflate past `maxDecoded` bytes in
 * all, measured with zlib's output cap: a 1.5 MB file that inflates to 1.5 GB costs at most
 * `maxDecoded` here instead of gigabytes inside pdf-lib.
 */
export function checkDecodedSize(bytes: Uint8Array, maxDecoded: number) {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let total = 0
  let from = 0
  for (;;) {
    const at = buf.indexOf(STREAM, from)
    if (at < 0) return
    from = at + STREAM.length
    // 'endstream' contains 'stream'; a keyword starts a line or follows '>>'.
    if (at >= 3 && buf.subarray(at - 3, at).toString('latin1') === 'end') continue
    let start = from
    if (buf[start] === 0x0d) start += 1
    if (buf[start] !== 0x0a) continue
    start += 1
    const objAt = buf.lastIndexOf(OBJ, at)
    const dict = decodeNames(buf.subarray(Math.max(0, objAt), at).toString('latin1'))
    const end = buf.indexOf(END_STREAM, start)
    if (end < 0) return
    from = end + END_STREAM.length
    if (!DECODED_ON_LOAD.test(dict)) continue
    total += inflatedSize(buf.subarray(start, end), maxDecoded - total)
    if (total > maxDecoded) throw new StampRefusal('too_heavy')
  }
}

/**
 * Walks the page tree as a tree before pdf-lib lists the pages: a node reached twice (a tree
 * that is really a graph, 3 KB that would list billions of pages) or more than MAX_PAGES
 * pages is refused, at the cost of one visit per node.
 */
export function checkPageTree(doc: PDFDocument) {
  const { context } = doc
  const root = doc.catalog.get(PDFName.of('Pages'))
  const seen = new Set<string>()
  const stack: unknown[] = [root]
  let pages = 0
  while (stack.length) {
    const item = stack.pop()
    if (item instanceof PDFRef) {
      if (seen.has(item.tag)) throw new StampRefusal('too_heavy')
      seen.add(item.tag)
    }
    const node = item instanceof PDFRef ? context.lookup(item) : item
    if (!(node instanceof PDFDict)) continue
    const kids = node.lookup(PDFName.of('Kids'))
    if (kids instanceof PDFArray) {
      if (seen.size + stack.length + kids.size() > 2 * MAX_PAGES + 1) {
        throw new StampRefusal('too_heavy')
      }
      for (let i = 0; i < kids.size(); i++) stack.push(kids.get(i))
    } else if (++pages > MAX_PAGES) throw new StampRefusal('too_heavy')
  }
}
