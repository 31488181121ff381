import { Worker, type Transferable } from 'node:worker_threads'

/** How often the process's memory is looked at while a capped thread runs. */
const WATCH_MS = 50

/**
 * Starts `<file>.js` beside the caller's bundle (scripts/build.mjs builds each worker there);
 * from the sources (tests), `<file>.ts` through tsx's loader. Its heap is capped at
 * `memoryMb`: past it V8 ends the thread, not the process.
 */
function startWorker(from: string, file: string, memoryMb: number): Worker {
  const resourceLimits = {
    maxOldGenerationSizeMb: memoryMb,
    maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(memoryMb / 8))),
  }
  if (!from.endsWith('.ts')) {
    return new Worker(new URL(`./${file}.js`, from), { resourceLimits })
  }
  const entry = JSON.stringify(new URL(`./${file}.ts`, from).href)
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}) })`
  return new Worker(boot, { eval: true, resourceLimits })
}

export type CappedOutcome<Reply> =
  | { kind: 'reply'; reply: Reply }
  | { kind: 'timeout' }
  /** Past the heap cap, or the process grew by more than the cap meanwhile: the thread ended. */
  | { kind: 'too_heavy'; detail: string }
  | { kind: 'error'; message: string }

/**
 * Runs one job in a fresh thread that ends with it (its memory goes with it): the stamping
 * and the PDF page count, which parse files the store did not write. Past `timeoutMs` the
 * thread is terminated; past its heap cap, or when the process's memory grows by more than
 * `memoryMb` (buffers live outside the heap cap), it is ended as too heavy.
 */
export function runCapped<Request, Reply>(job: {
  /** The caller's `import.meta.url`: the worker file sits beside it. */
  from: string
  file: string
  request: Request
  transfer?: Transferable[]
  memoryMb: number
  timeoutMs: number
}): Promise<CappedOutcome<Reply>> {
  const { memoryMb } = job
  return new Promise((resolve) => {
    const worker = startWorker(job.from, job.file, memoryMb)
    let settled = false
    const finish = (outcome: CappedOutcome<Reply>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearInterval(watch)
      void worker.terminate()
      resolve(outcome)
    }
    const timer = setTimeout(() => finish({ kind: 'timeout' }), job.timeoutMs)
    const rssAtStart = process.memoryUsage.rss()
    const watch = setInterval(() => {
      const grown = process.memoryUsage.rss() - rssAtStart
      if (grown > memoryMb * 2 ** 20) {
        finish({
          kind: 'too_heavy',
          detail: `memória do processo +${Math.round(grown / 2 ** 20)} MB`,
        })
      }
    }, WATCH_MS)
    worker.once('message', (reply: Reply) => finish({ kind: 'reply', reply }))
    worker.once('error', (error: Error & { code?: string }) =>
      finish(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { kind: 'too_heavy', detail: `limite de ${memoryMb} MB de memória` }
          : { kind: 'error', message: error.message },
      ),
    )
    worker.once('exit', (code) => finish({ kind: 'error', message: `worker exited (${code})` }))
    worker.postMessage(job.request, job.transfer ?? [])
  })
}
