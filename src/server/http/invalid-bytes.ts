import type { App } from '../app-types.js'
import { AppError } from '../errors.js'

/** PostgreSQL's text types cannot hold a NUL byte: a query carrying one fails (a 500 before). */
const NUL = '\u0000'

export const INVALID_BYTES_MESSAGE = 'O texto enviado contém caracteres inválidos'

export function invalidBytes(): AppError {
  return new AppError('bad_request', INVALID_BYTES_MESSAGE)
}

/** True when a string anywhere in `value` (objects and arrays walked) holds a NUL. */
export function hasNul(value: unknown): boolean {
  // A stack, not recursion: a deeply nested JSON body must not blow the call stack.
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next === 'string') {
      if (next.includes(NUL)) return true
    } else if (next !== null && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes(NUL)) return true
        pending.push(inner)
      }
    }
  }
  return false
}

/**
 * Refuses a NUL in any body, query or parameter before a route sees it, once for every route.
 * Multipart fields are read by the route itself and checked there (products/multipart-upload.ts).
 */
export function registerInvalidBytesCheck(app: App) {
  app.addHook('preValidation', async (req) => {
    if (hasNul(req.params) || hasNul(req.query) || hasNul(req.body)) throw invalidBytes()
  })
}
