import { Worker } from 'node:worker_threads'
import type { StampText } from './stamp-pdf.js'
import type { StampReply, StampRequest } from './stamp-worker.js'

export type StampOutcome = StampReply | { kind: 'timeout' }

/**
 * Starts the worker thread. Built, it is `stamp-worker.js` beside the server bundle
 * (scripts/build.mjs); from the sources (tests), the TypeScript file through tsx's loader.
 */
function startWorker(): Worker {
  const here = import.meta.url
  if (!here.endsWith('.ts')) return new Worker(new URL('./stamp-worker.js', here))
  const entry = JSON.stringify(new URL('./stamp-worker.ts', here).href)
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}) })`
  return new Worker(boot, { eval: true })
}

/**
 * Runs one stamp in a fresh worker thread, which ends with it (its memory goes with it). Past
 * `timeoutMs` the thread is terminated and the answer is 'timeout'. `bytes` is handed over to
 * the thread, not copied: the caller must not use it afterwards.
 */
export function runStamp(bytes: Buffer, text: StampText, timeoutMs: number): Promise<StampOutcome> {
  return new Promise((resolve) => {
    const worker = startWorker()
    let settled = false
    const finish = (outcome: StampOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void worker.terminate()
      resolve(outcome)
    }
    const timer = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs)
    worker.once('message', (reply: StampReply) => finish(reply))
    worker.once('error', (error) => finish({ kind: 'error', message: error.message }))
    worker.once('exit', (code) => finish({ kind: 'error', message: `worker exited (${code})` }))
    // A Buffer may be a view into a shared pool: send a private copy only when it is one.
    const own =
      bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
        ? (bytes.buffer as ArrayBuffer)
        : (bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)
    worker.postMessage({ bytes: own, text } satisfies StampRequest, [own])
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
