import autocannon from 'autocannon'

export interface LoadResult {
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

/** Loads one URL from this process for `seconds`, after a short warm-up. */
export async function load(url: string, opts: { connections?: number; seconds?: number } = {}) {
  const connections = opts.connections ?? 50
  await autocannon({ url, connections, duration: 2 })
  const result = await autocannon({ url, connections, duration: opts.seconds ?? 10 })
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
