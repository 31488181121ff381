import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { HttpError } from './api'

/**
 * A 400 that names one of this form's fields (`customerData.email`) shown under that field,
 * focused, as the form's own check would show it. Answers whether it did: the caller toasts
 * whatever was not placed under a field.
 */
export function showServerFieldError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof HttpError) || error.status !== 400 || !error.field) return false
  const field = fields.find((name) => name === error.field)
  if (!field) return false
  setError(field, { type: 'server', message: error.message }, { shouldFocus: true })
  return true
}
