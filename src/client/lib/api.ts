import { getSessionId, setSessionId } from './session-id'

/** An answer that was not 2xx; `message` is the server's `{ message }` when it sent one. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON. */
  body?: unknown
  signal?: AbortSignal
  headers?: Record<string, string>
  /** fetch's cache mode; the emergency cart add asks for 'no-cache'. */
  cache?: RequestCache
}

async function errorFrom(response: Response): Promise<HttpError> {
  let message = `Erro HTTP ${response.status}`
  if (response.headers.get('content-type')?.includes('application/json')) {
    try {
      const body: unknown = await response.json()
      if (
        body &&
        typeof body === 'object' &&
        'message' in body &&
        typeof body.message === 'string'
      ) {
        message = body.message
      }
    } catch {
      // Malformed JSON: keep the generic message.
    }
  }
  return new HttpError(response.status, message)
}

/** The one place the browser talks to the API: session header, cookies, errors as Error(message). */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<Response> {
  const sessionId = getSessionId()
  const headers: Record<string, string> = { 'X-Session-ID': sessionId, ...options.headers }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    cache: options.cache,
  })
  const answered = response.headers.get('X-Session-ID')
  if (answered && answered !== sessionId) setSessionId(answered)
  if (!response.ok) throw await errorFrom(response)
  return response
}

/** A call whose answer is JSON (or empty, which gives null). */
export async function apiJson<T>(path: string, options?: RequestOptions): Promise<T> {
  const response = await apiRequest(path, options)
  const text = await response.text()
  return (text ? JSON.parse(text) : null) as T
}

/** For queries: 401 means "not logged in" and resolves to null instead of failing. */
export async function apiQuery<T>(path: string, options?: RequestOptions): Promise<T | null> {
  try {
    return await apiJson<T>(path, options)
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null
    throw error
  }
}
