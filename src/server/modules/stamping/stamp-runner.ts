import { Worker } from 'node:worker_threads'
import { DEFAULT_MAX_DECODED_BYTES, type StampText } from './stamp-text.js'
import type { StampReply, StampRequest } from './stamp-worker.js'

export type StampOutcome =
  | StampReply
  | { kind: 'timeout' }
  /** Past the memory cap: the thread was ended. */
  | { kind: 'too_heavy'; detail: string }

/** How often the process's memory is looked at while a stamp runs. */
const WATCH_MS = 50

/**
 * Starts the worker thread with its heap capped at `memoryMb`: past it V8 ends the thread,
 * not the process. Built, it is `stamp-worker.js` beside the server bundle (scripts/build.mjs);
 * from the sources (tests), the TypeScript file through tsx's loader.
 */
function startWorker(memoryMb: number): Worker {
  const resourceLimits = {
    maxOldGenerationSizeMb: memoryMb,
    maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(memoryMb / 8))),
  }
  const here = import.meta.url
  if (!here.endsWith('.ts')) {
    return new Worker(new URL('./stamp-worker.js', here), { resourceLimits })
  }
  const entry = JSON.stringify(new URL('./stamp-worker.ts', here).href)
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}) })`
  return new Worker(boot, { eval: true, resourceLimits })
}

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
export function runStamp(
  bytes: Buffer,
  text: StampText,
  limits: StampLimits,
): Promise<StampOutcome> {
  const { timeoutMs, memoryMb } = limits
  return new Promise((resolve) => {
    const worker = startWorker(memoryMb)
    let settled = false
    const finish = (outcome: StampOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearInterval(watch)
      void worker.terminate()
      resolve(outcome)
    }
    const timer = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs)
    const rssAtStart = process.memoryUsage.rss()
    const watch = setInterval(() => {
      const grown = process.memoryUsage.rss() - rssAtStart
      if (grown > memoryMb * 1024 * 1024) {
        finish({
          kind: 'too_heavy',
          detail: `memória do processo +${Math.round(grown / 2 ** 20)} MB`,
        })
      }
    }, WATCH_MS)
    worker.once('message', (reply: StampReply) => finish(reply))
    worker.once('error', (error: Error & { code?: string }) =>
      finish(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { kind: 'too_heavy', detail: `limite de ${memoryMb} MB de memória` }
          : { kind: 'error', message: error.message },
      ),
    )
    worker.once('exit', (code) => finish({ kind: 'error', message: `worker exited (${code})` }))
    // A Buffer may be a view into a shared pool: send a private copy only when it is one.
    const own =
      bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
        ? (bytes.buffer as ArrayBuffer)
        : (bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)
    // The object streams may inflate to a quarter of the heap cap (stamp-prescan.ts).
    const maxDecodedBytes = Math.min(DEFAULT_MAX_DECODED_BYTES, (memoryMb * 2 ** 20) / 4)
    worker.postMessage({ bytes: own, text, maxDecodedBytes } satisfies StampRequest, [own])
  })
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
