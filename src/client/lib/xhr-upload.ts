import { ERROR_FIELD_HEADER } from '../../contracts/error-field'
import { HttpError } from './api'
import { getSessionId, setSessionId } from './session-id'

/** Thrown when an upload stops answering for longer than its limit. */
export class UploadTimeoutError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UploadTimeoutError'
  }
}

export interface SendOptions {
  method: 'POST' | 'PUT'
  url: string
  /** FormData goes as multipart; a string goes as JSON. */
  body: FormData | string
  timeoutMs: number
  timeoutMessage: string
  /**
   * true: the clock restarts at every sign of progress (a 500 MB upload from a phone takes far
   * longer than 3 minutes in all, but a healthy one never stalls that long); false: total time.
   */
  idleTimeout?: boolean
  /** 0-100 while the body is being sent. */
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

function parse(text: string): unknown {
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function messageOf(body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string')
    return body.message
  return ''
}

/**
 * fetch cannot report how much of a request body has gone; XMLHttpRequest can. Same session
 * header and cookies as lib/api.ts. A failed answer rejects with HttpError whose message is the
 * server's `{ message }`, or '' when it sent none (the error toasts tell the two apart).
 */
export function sendWithProgress<T>(options: SendOptions): Promise<T> {
  const { method, url, body, timeoutMs, timeoutMessage, onProgress, signal } = options
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    let timer: number | undefined
    let timedOut = false
    const arm = () => {
      window.clearTimeout(timer)
      timer = window.setTimeout(() => {
        timedOut = true
        xhr.abort()
      }, timeoutMs)
    }
    const onAbortSignal = () => xhr.abort()
    const done = () => {
      window.clearTimeout(timer)
      signal?.removeEventListener('abort', onAbortSignal)
    }

    xhr.open(method, url)
    xhr.withCredentials = true
    const sessionId = getSessionId()
    xhr.setRequestHeader('X-Session-ID', sessionId)
    if (typeof body === 'string') xhr.setRequestHeader('Content-Type', 'application/json')
    xhr.upload.onprogress = (event) => {
      if (options.idleTimeout) arm()
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)))
    }
    xhr.upload.onload = () => {
      onProgress?.(100)
      if (options.idleTimeout) arm()
    }
    xhr.onload = () => {
      done()
      const answered = xhr.getResponseHeader('X-Session-ID')
      if (answered && answered !== sessionId) setSessionId(answered)
      const parsed = parse(xhr.responseText)
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as T)
      else
        reject(
          new HttpError(
            xhr.status,
            messageOf(parsed),
            xhr.getResponseHeader(ERROR_FIELD_HEADER) ?? undefined,
          ),
        )
    }
    xhr.onerror = () => {
      done()
      reject(new Error('Falha de conexão durante o envio. Verifique a internet e tente novamente.'))
    }
    xhr.onabort = () => {
      done()
      if (timedOut) reject(new UploadTimeoutError(timeoutMessage))
      else reject(new DOMException('Envio cancelado', 'AbortError'))
    }
    signal?.addEventListener('abort', onAbortSignal)
    arm()
    xhr.send(body)
  })
}
