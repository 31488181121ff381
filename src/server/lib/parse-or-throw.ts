import type { z } from 'zod'
import { AppError } from '../errors.js'

/** The one rule for bad input: a 400 whose message is the first broken rule, as the schema says it. */
export function invalidInput(issues: readonly { message?: string }[]): AppError {
  return new AppError('bad_request', issues[0]?.message ?? 'Dados inválidos')
}

/** `input` as `schema` reads it, or that 400. Schemas list their fields in the order to report. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input)
  if (!parsed.success) throw invalidInput(parsed.error.issues)
  return parsed.data
}
