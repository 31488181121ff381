import type { AnswerOf, ApiRoute, BodyOf, PathParams } from '../../contracts/api-route'
import { getSessionId, setSessionId } from './session-id'
import { ERROR_FIELD_HEADER } from '../../contracts/error-field'

/** The header where the server names the input behind a 400 (src/server/lib/parse-or-throw.ts). */

/**
 * An answer that was not 2xx; `message` is the server's `{ message }` when it sent one, and
 * `field` the input a 400 was about (`customerData.email`), for showing under that input.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

type Query = Record<string, string | number | boolean | null | undefined>

type Needs<R extends ApiRoute> = ([keyof PathParams<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<R['path']> }) &
  ([BodyOf<R>] extends [undefined] ? { body?: undefined } : { body: BodyOf<R> })

export type CallOptions<R extends ApiRoute> = Needs<R> & {
  /** Added as `?name=value`; null and undefined are left out. */
  query?: Query
  signal?: AbortSignal
  headers?: Record<string, string>
  /** fetch's cache mode; the emergency cart add asks for 'no-cache'. */
  cache?: RequestCache
}

/** Options may be left out when the route has neither parameters nor a body. */
type Args<R extends ApiRoute> =
  Record<never, never> extends CallOptions<R>
    ? [options?: CallOptions<R>]
    : [options: CallOptions<R>]

/** The address of `route` with its parameters filled in: also for links, images and uploads. */
export function path<R extends ApiRoute>(
  route: R,
  ...[params, query]: [keyof PathParams<R['path']>] extends [never]
    ? [params?: undefined, query?: Query]
    : [params: PathParams<R['path']>, query?: Query]
): string {
  const values = (params ?? {}) as Record<string, string | number>
  // URLSearchParams turns numbers and booleans into text itself.
  const search = new URLSearchParams(
    Object.entries(query ?? {}).filter(([, value]) => value != null) as [string, string][],
  ).toString()
  const filled = route.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(values[name]!),
  )
  return search ? `${filled}?${search}` : filled
}

async function errorFrom(response: Response): Promise<HttpError> {
  let message = `Erro HTTP ${response.status}`
  if (response.headers.get('content-type')?.includes('application/json')) {
    try {
      const body: unknown = await response.json()
      if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string')
        message = body.message
    } catch {
      // Malformed JSON: keep the generic message.
    }
  }
  return new HttpError(
    response.status,
    message,
    response.headers.get(ERROR_FIELD_HEADER) ?? undefined,
  )
}

/**
 * The one place the browser talks to the API: session header, cookies, errors as HttpError.
 * The raw answer, for the few routes that send a file rather than JSON.
 */
export async function callRaw<R extends ApiRoute>(route: R, ...[options]: Args<R>) {
  const {
    params,
    body,
    query,
    signal,
    headers: extra,
    cache,
  } = (options ?? {}) as CallOptions<ApiRoute> & {
    params?: Record<string, string | number>
    body?: unknown
  }
  const sessionId = getSessionId()
  const headers: Record<string, string> = { 'X-Session-ID': sessionId, ...extra }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(
    (path as (r: ApiRoute, p?: object, q?: Query) => string)(route, params, query),
    {
      method: route.method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      cache,
    },
  )
  const answered = response.headers.get('X-Session-ID')
  if (answered && answered !== sessionId) setSessionId(answered)
  if (!response.ok) throw await errorFrom(response)
  return response
}

/** A call whose answer is JSON (or empty, which gives null), typed by the route table. */
export async function call<R extends ApiRoute>(route: R, ...args: Args<R>): Promise<AnswerOf<R>> {
  const response = await callRaw(route, ...args)
  const text = await response.text()
  return (text ? JSON.parse(text) : null) as AnswerOf<R>
}

/** For queries: 401 means "not logged in" and resolves to null instead of failing. */
export async function callOrNull<R extends ApiRoute>(
  route: R,
  ...args: Args<R>
): Promise<AnswerOf<R> | null> {
  try {
    return await call(route, ...args)
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null
    throw error
  }
}
