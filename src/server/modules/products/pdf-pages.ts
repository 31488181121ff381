import { open } from 'node:fs/promises'
import { runCapped } from '../../lib/capped-worker.js'
import type { PageCountReply, PageCountRequest } from './pdf-pages-worker.js'

export interface PageCountLimits {
  /** Larger files are not read (the stamping's cap: what the store is willing to parse). */
  maxBytes: number
  /** The thread's heap; past it V8 ends the thread, not the process. */
  memoryMb: number
  timeoutMs: number
}

/** The tail a PDF ends with: `startxref`, its offset and `%%EOF`, within the last kilobyte. */
const TAIL_BYTES = 1024

/**
 * Whether the file ends as a PDF does. Every file a PDF writer saves has `startxref` near its
 * end; a file without it is not read at all (no thread is started for it).
 */
async function endsLikePdf(path: string, size: number): Promise<boolean> {
  const file = await open(path, 'r')
  try {
    const length = Math.min(TAIL_BYTES, size)
    const tail = Buffer.alloc(length)
    await file.read(tail, 0, length, size - length)
    return tail.includes('startxref')
  } finally {
    await file.close()
  }
}

/**
 * The page count of the PDF at `path`, read in a thread of its own with its heap capped and a
 * time limit; null for anything it cannot tell (too large, damaged, encrypted, too slow, too
 * heavy). Never throws: a count is a convenience, and an upload never fails for want of one.
 */
export async function readPageCount(
  path: string,
  size: number,
  limits: PageCountLimits,
): Promise<number | null> {
  if (size > limits.maxBytes) return null
  try {
    if (!(await endsLikePdf(path, size))) return null
  } catch {
    return null
  }
  const outcome = await runCapped<PageCountRequest, PageCountReply>({
    from: import.meta.url,
    file: 'pdf-pages-worker',
    request: { path },
    memoryMb: limits.memoryMb,
    timeoutMs: limits.timeoutMs,
  })
  return outcome.kind === 'reply' ? outcome.reply.pages : null
}

/** A product's pages as stored: the number, and whether it was read from its PDF. */
export interface HeldPages {
  paginas: number | null
  paginasFromPdf: boolean
}

/**
 * What a write does to the pages. The owner's number always wins; the form sends back the
 * number it showed, so one equal to what was read from the PDF is still the PDF's (and a new
 * PDF replaces it). `read`: the new main PDF's count, null when unreadable, undefined when no
 * PDF came. Answers the columns to set, or nothing to leave them as they are.
 */
export function pagesToWrite(
  sent: number | null | undefined,
  held: HeldPages | null,
  read: number | null | undefined,
): Partial<HeldPages> {
  if (typeof sent === 'number' && ownerGivesPages(sent, held)) {
    return { paginas: sent, paginasFromPdf: false }
  }
  if (typeof read === 'number') return { paginas: read, paginasFromPdf: true }
  if (sent === null) return { paginas: null, paginasFromPdf: false }
  return {}
}

/** Whether the owner's number (a number sent that is not the one read before) decides. */
export const ownerGivesPages = (sent: number | null | undefined, held: HeldPages | null) =>
  typeof sent === 'number' && !(held?.paginasFromPdf === true && sent === held.paginas)
