import autocannon from 'autocannon'

export interface LoadResult {
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

export interface LoadOptions {
  connections?: number
  seconds?: number
  /** GET when not given; a body is sent as JSON. */
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: unknown
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
  const result = await autocannon({ url, connections, duration: opts.seconds ?? 10, ...request })
  return {
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
