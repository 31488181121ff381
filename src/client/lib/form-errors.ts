import type { z } from 'zod'

/** The first message per field of a failed parse, for showing under each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '')
    messages[field] ??= issue.message
  }
  return messages
}
