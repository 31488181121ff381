import type { DestinationStream, LoggerOptions } from 'pino'

/**
 * Fields of a database error that name what failed without carrying the values: PostgreSQL's
 * `detail` ("Key (email)=(ana@…) already exists") and drizzle's `params` are left out.
 */
const SAFE_FIELDS = ['code', 'statusCode', 'severity', 'schema', 'table', 'column', 'constraint']

const MAX_CAUSES = 3

interface QueryError extends Error {
  query: string
  params: unknown[]
}

const isQueryError = (err: Error): err is QueryError =>
  typeof (err as Partial<QueryError>).query === 'string' &&
  Array.isArray((err as Partial<QueryError>).params)

/**
 * PostgreSQL quotes the offending value at the end of some messages
 * ('invalid input syntax for type integer: "ana@escola.com"'); the value goes, the rule stays.
 */
const withoutQuotedValue = (message: string) => message.replace(/: ".*"$/s, ': "[omitido]"')

/**
 * The one serializer for `err` in every log line: message, code, table/constraint and, for a
 * failed query, its SQL text; never its parameters (password hashes, e-mails, WhatsApp, cart
 * sessions), which drizzle also writes into the message and the stack.
 */
export function safeError(err: unknown, depth = 0): Record<string, unknown> {
  if (!(err instanceof Error)) return { type: typeof err, message: 'valor lançado que não é Error' }
  // drizzle's message is "Failed query: <sql>\nparams: <values>"; the database's own error (its
  // cause) carries the query too, under its own message.
  const drizzleMessage = isQueryError(err) && err.message.startsWith('Failed query:')
  const message = drizzleMessage ? `Failed query: ${err.query}` : withoutQuotedValue(err.message)
  const safe: Record<string, unknown> = { type: err.constructor.name, message }
  // The stack's first line repeats the message: it is rebuilt from the safe one.
  const frames = err.stack?.split('\n').filter((line) => /^\s+at /.test(line))
  if (frames) safe.stack = [`${err.name}: ${message}`, ...frames].join('\n')
  const fields = err as unknown as Record<string, unknown>
  for (const key of SAFE_FIELDS) {
    const value = fields[key]
    if (typeof value === 'string' || typeof value === 'number') safe[key] = value
  }
  if (err.cause !== undefined && depth < MAX_CAUSES) safe.cause = safeError(err.cause, depth + 1)
  return safe
}

/** Headers that are secrets or name a visitor: never written, should a request be logged. */
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-session-id"]',
  'req.headers["asaas-access-token"]',
  'res.headers["set-cookie"]',
]

/** The logger every instance uses; `stream` lets a test read what is written. */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): (LoggerOptions & { stream?: DestinationStream }) | false {
  if (level === 'silent' && !stream) return false
  return {
    level,
    serializers: { err: safeError, error: safeError },
    redact: { paths: REDACTED_PATHS, censor: '[omitido]' },
    ...(stream ? { stream } : {}),
  }
}
