/**
 * Errors that say the database connection is gone (a restart, a failover, a terminated
 * backend) rather than that the request was wrong: the request may succeed if tried again.
 */

/** SQLSTATE class 08 (connection exception) and these, sent by a server going away or starting. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03'])
/** Node's socket errors on the way to the database. */
const SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
])
/**
 * node-postgres says these without a code: the socket closed, or a client left unusable by it.
 * Matched at the start only, so a query's text (in Drizzle's wrapper) can never match.
 */
const CLIENT_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'Client was closed',
  'timeout exceeded when trying to connect',
]

export interface ConnectionLoss {
  code?: string
  message: string
}

/**
 * What was lost, when `error` (or one of its causes: Drizzle wraps the driver's error) is a lost
 * connection; else null. Only the driver's code and message, never the query or its parameters,
 * so it can be logged.
 */
export function connectionLossOf(error: unknown): ConnectionLoss | null {
  let current: unknown = error
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    const lost =
      typeof code === 'string'
        ? SERVER_CODES.has(code) || SOCKET_CODES.has(code) || code.startsWith('08')
        : CLIENT_MESSAGES.some((text) => (current as Error).message.startsWith(text))
    if (lost) return { ...(typeof code === 'string' ? { code } : {}), message: current.message }
    current = current.cause
  }
  return null
}
