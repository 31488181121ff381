/**
 * The worker thread's entry: one stamp per thread, then the thread ends. pdf-lib parses and
 * writes on the CPU for up to a second or two; in a thread of its own it never holds up the
 * requests of the main thread, and a stamp past its time limit is ended by terminating it.
 */
import { createHash } from 'node:crypto'
import { readFileSync, readlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { constants, setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { stampPdf } from './stamp-pdf.js'
import type { StampText } from './stamp-text.js'
import { StampRefusal } from './stamp-reasons.js'

export interface StampRequest {
  bytes: ArrayBuffer
  text: StampText
  /** What the file's object streams may inflate to (stamp-prescan.ts). */
  maxDecodedBytes: number
}
export type StampReply =
  /** The copy's SHA-256 is computed here too: hashing megabytes would hold up the requests. */
  | { kind: 'stamped'; bytes: ArrayBuffer; sha256: string }
  | { kind: 'refused'; reason: StampRefusal['reason'] }
  | { kind: 'error'; message: string }

// DejaVu Sans: accented Latin and much more, and a licence that allows embedding.
const FONT_PATH = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')

/**
 * The lowest CPU priority for this thread only (on Linux a thread has its own nice value, and
 * /proc/thread-self names it): when the cores are busy, requests go first and stamps wait.
 */
function yieldToRequests() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop())
    setPriority(threadId, constants.priority.PRIORITY_LOW)
  } catch {
    // Not Linux, or not allowed: the stamp runs at normal priority, still off the main thread.
  }
}

yieldToRequests()
parentPort?.once('message', async ({ bytes, text, maxDecodedBytes }: StampRequest) => {
  let reply: StampReply
  try {
    const font = readFileSync(FONT_PATH)
    const out = await stampPdf(new Uint8Array(bytes), text, font, maxDecodedBytes)
    const copy = out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength) as ArrayBuffer
    const sha256 = createHash('sha256').update(out).digest('hex')
    reply = { kind: 'stamped', bytes: copy, sha256 }
  } catch (error) {
    reply =
      error instanceof StampRefusal
        ? { kind: 'refused', reason: error.reason }
        : { kind: 'error', message: (error as Error).message }
  }
  parentPort!.postMessage(reply, reply.kind === 'stamped' ? [reply.bytes] : [])
})
