import { runCapped } from '../../lib/capped-worker.js'
import { DEFAULT_MAX_DECODED_BYTES, type StampText } from './stamp-text.js'
import type { StampReply, StampRequest } from './stamp-worker.js'

export type StampOutcome =
  | StampReply
  | { kind: 'timeout' }
  /** Past the memory cap: the thread was ended. */
  | { kind: 'too_heavy'; detail: string }

export interface StampLimits {
  timeoutMs: number
  /** The thread's heap, and how far the process's memory may grow while it runs. */
  memoryMb: number
}

/**
 * Runs one stamp in a fresh worker thread, which ends with it (its memory goes with it). Past
 * `timeoutMs` the thread is terminated and the answer is 'timeout'; past its heap cap, or when
 * the process's memory grows by more than `memoryMb` meanwhile (buffers live outside the heap
 * cap), it is ended and the answer is 'too_heavy'. `bytes` is handed over to the thread, not
 * copied: the caller must not use it afterwards.
 */
export async function runStamp(
  bytes: Buffer,
  text: StampText,
  limits: StampLimits,
): Promise<StampOutcome> {
  const { timeoutMs, memoryMb } = limits
  // A Buffer may be a view into a shared pool: send a private copy only when it is one.
  const own =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? (bytes.buffer as ArrayBuffer)
      : (bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)
  // The object streams may inflate to a quarter of the heap cap (stamp-prescan.ts).
  const maxDecodedBytes = Math.min(DEFAULT_MAX_DECODED_BYTES, (memoryMb * 2 ** 20) / 4)
  const outcome = await runCapped<StampRequest, StampReply>({
    from: import.meta.url,
    file: 'stamp-worker',
    request: { bytes: own, text, maxDecodedBytes },
    transfer: [own],
    memoryMb,
    timeoutMs,
  })
  return outcome.kind === 'reply' ? outcome.reply : outcome
}

/**
 * At most `limit` stamps at a time in this process (each holds a PDF two or three times in
 * memory). `run` waits for a turn at most `waitMs`; null when none came.
 */
export function createGate(limit: number) {
  let running = 0
  const waiting = new Set<() => void>()
  /** A slot, counted in `running` once granted; a finished run hands its slot straight on. */
  const acquire = (waitMs: number) =>
    new Promise<boolean>((resolve) => {
      if (running < limit) {
        running += 1
        return resolve(true)
      }
      const timer = setTimeout(() => {
        waiting.delete(take)
        resolve(false)
      }, waitMs)
      function take() {
        clearTimeout(timer)
        resolve(true)
      }
      waiting.add(take)
    })
  const release = () => {
    const next = waiting.values().next()
    if (next.done) running -= 1
    else {
      waiting.delete(next.value)
      next.value()
    }
  }
  return async function run<T>(work: () => Promise<T>, waitMs: number): Promise<T | null> {
    if (!(await acquire(waitMs))) return null
    try {
      return await work()
    } finally {
      release()
    }
  }
}
