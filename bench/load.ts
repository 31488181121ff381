import autocannon from 'autocannon'
import { readFileSync } from 'node:fs'

export interface LoadResult {
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  non2xx: number
  /** The CPU the process `pid` (LoadOptions) spent per request answered, in µs. */
  cpuMicrosPerRequest?: number
}

export interface LoadOptions {
  connections?: number
  seconds?: number
  /** GET when not given; a body is sent as JSON. */
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: unknown
  /** A server process whose CPU per request is measured (Linux /proc): load-independent. */
  pid?: number
}

/** Loads one URL from this process for `seconds`, after a short warm-up. */
export async function load(url: string, opts: LoadOptions = {}) {
  const connections = opts.connections ?? 50
  const request = {
    method: opts.method ?? 'GET',
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  }
  await autocannon({ url, connections, duration: 2, ...request })
  const cpuBefore = opts.pid ? cpuMs(opts.pid) : 0
  const result = await autocannon({ url, connections, duration: opts.seconds ?? 10, ...request })
  const cpu = opts.pid ? cpuMs(opts.pid) - cpuBefore : 0
  return {
    cpuMicrosPerRequest: opts.pid ? (cpu * 1000) / result.requests.total : undefined,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  } satisfies LoadResult
}

export function formatLoad(label: string, r: LoadResult): string {
  return `${label.padEnd(34)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   errors ${r.errors + r.non2xx}`
}

/** User + system CPU of a process so far, in ms, from /proc (Linux). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}
