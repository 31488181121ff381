/**
 * The page counter's thread: reads one PDF from its temporary file, answers its page count
 * and ends. pdf-lib parses on the CPU (a second or more for a large file); here it never holds
 * up the requests of the main thread, and a file built to exhaust memory ends only this thread.
 */
import { readFile } from 'node:fs/promises'
import { parentPort } from 'node:worker_threads'
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef } from 'pdf-lib'

export interface PageCountRequest {
  path: string
}
/** null: not a PDF pdf-lib reads, encrypted, or a page tree that is not a tree. */
export type PageCountReply = { pages: number | null }

/** More pages than any teaching material has; a tree past it is not counted. */
export const MAX_PAGES = 20_000

/**
 * Counts the leaves of the page tree as a tree: a node reached twice (a "tree" that is really a
 * graph, a few bytes that would list billions of pages) gives null, as does an empty tree.
 * pdf-lib's getPageCount() flattens the whole tree first, without either check.
 */
export function countPages(doc: PDFDocument): number | null {
  const { context } = doc
  const seen = new Set<string>()
  const stack: unknown[] = [doc.catalog.get(PDFName.of('Pages'))]
  let pages = 0
  while (stack.length) {
    const item = stack.pop()
    if (item instanceof PDFRef) {
      if (seen.has(item.tag)) return null
      seen.add(item.tag)
    }
    const node = item instanceof PDFRef ? context.lookup(item) : item
    if (!(node instanceof PDFDict)) continue
    const kids = node.lookup(PDFName.of('Kids'))
    if (kids instanceof PDFArray) {
      if (stack.length + kids.size() > 2 * MAX_PAGES) return null
      for (let i = 0; i < kids.size(); i++) stack.push(kids.get(i))
    } else if (++pages > MAX_PAGES) return null
  }
  return pages > 0 ? pages : null
}

async function pagesOf(path: string): Promise<number | null> {
  try {
    const doc = await PDFDocument.load(await readFile(path), {
      updateMetadata: false,
      throwOnInvalidObject: true,
      ignoreEncryption: true,
    })
    // An encrypted file's objects are unreadable without its key: its count is not trusted.
    return doc.isEncrypted ? null : countPages(doc)
  } catch {
    return null
  }
}

parentPort?.once('message', async ({ path }: PageCountRequest) => {
  parentPort!.postMessage({ pages: await pagesOf(path) } satisfies PageCountReply)
})
