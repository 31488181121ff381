import type { z } from 'zod'
import { OutboundError, outboundRequest, type OutboundAnswer } from '../lib/outbound-http.js'

/** A failed call to a provider's API; `status` 0 when it never answered. */
export class ProviderApiError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'ProviderApiError'
  }
}

/** The provider's own 'no' (a 4xx: already refunded, already paid, unknown charge), not an outage. */
export const providerSaidNo = (error: unknown): error is ProviderApiError =>
  error instanceof ProviderApiError && error.status >= 400 && error.status < 500

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * One JSON call to a provider's REST API, read through `schema`. No answer (status 0), a
 * non-2xx answer, or one the schema does not accept throws a ProviderApiError; its message keeps
 * the provider's own words, never the request, which may carry a buyer's data.
 */
export function providerApi(opts: {
  provider: string
  apiUrl: string
  headers: Record<string, string>
  timeoutMs?: number
  /** ALLOW_PRIVATE_INTEGRATIONS: the address may be loopback or private (never link-local). */
  allowPrivate: boolean
}) {
  const fail = (status: number, message: string) =>
    new ProviderApiError(opts.provider, status, `${opts.provider} ${message}`)

  return async function call<T>(
    schema: z.ZodType<T>,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    json?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<T> {
    const headers = { ...opts.headers, ...extraHeaders }
    if (json !== undefined) headers['content-type'] = 'application/json'
    let res: OutboundAnswer
    try {
      // The outbound-address rule at this connection (lib/outbound-http.ts).
      res = await outboundRequest(`${opts.apiUrl}${path}`, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
        timeoutMs: opts.timeoutMs ?? 10_000,
        allowPrivate: opts.allowPrivate,
      })
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error
      throw fail(0, `unreachable: ${error.message}`)
    }
    const { text } = res
    if (res.status < 200 || res.status > 299) {
      throw fail(res.status, `${res.status}: ${text.slice(0, 300)}`)
    }
    const parsed = schema.safeParse(parseJson(text))
    if (!parsed.success) throw fail(res.status, 'answer not understood')
    return parsed.data
  }
}
