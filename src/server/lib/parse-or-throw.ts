import type { z } from 'zod'
import { ERROR_FIELD_HEADER } from '../../contracts/error-field.js'
import { AppError } from '../errors.js'
import { Lru } from './lru.js'

/**
 * The header naming the input behind a 400 (`customerData.email`), so a form shows the message
 * under that field. A header, not a body property: the body stays exactly `{ message }`
 * (ErrorAnswer) for every client and test that reads it.
 */

/** The one rule for bad input: a 400 whose message is the first broken rule, as the schema says it. */
export function invalidInput(
  issues: readonly { message?: string; path?: readonly PropertyKey[] }[],
  at?: string,
): AppError {
  const first = issues[0]
  const field = [at, ...(first?.path ?? []).map(String)].filter(Boolean).join('.')
  return new AppError(
    'bad_request',
    first?.message ?? 'Dados inválidos',
    field ? { [ERROR_FIELD_HEADER]: field } : {},
  )
}

/**
 * `input` as `schema` reads it, or that 400. Schemas list their fields in the order to report.
 * `at` is where `input` sits in the request body (`customerData`), for the field's name.
 */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  at?: string,
): z.output<S> {
  const parsed = schema.safeParse(input)
  if (!parsed.success) throw invalidInput(parsed.error.issues, at)
  return parsed.data
}

/**
 * `parseOrThrow` for a request's query or path parameters, remembered per distinct raw text
 * (the query string, the `:id`): a hot public read parses each spelling once, not at every
 * request. At most `max` spellings are kept (a stranger's random queries cannot grow the
 * memory); a broken one is remembered too and answers its 400 again. As Fastify's own
 * validation of a query, the 400 names no form field.
 */
export function parseOnce<S extends z.ZodType>(schema: S, max: number) {
  const seen = new Lru<string, { data: z.output<S> } | { issues: { message: string }[] }>(max)
  return (raw: string, input: unknown): z.output<S> => {
    let result = seen.get(raw)
    if (!result) {
      const parsed = schema.safeParse(input)
      result = parsed.success
        ? { data: parsed.data }
        : { issues: parsed.error.issues.map((issue) => ({ message: issue.message })) }
      seen.set(raw, result)
    }
    if ('issues' in result) throw invalidInput(result.issues)
    return result.data
  }
}
