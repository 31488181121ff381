import { z } from 'zod'

/**
 * What cannot be in one line of text: C0 and C1 controls (newline, tab, NEL...), the Unicode
 * line and paragraph separators, and the bidi marks, embeddings, overrides and isolates that
 * reorder what is shown around them. A name is printed inside texts the owner trusts (the
 * WhatsApp notice of a new order): a line break in it could forge a "✅ Pagamento confirmado"
 * line under the real ones.
 */
const NOT_SINGLE_LINE = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu

/**
 * One line: each run of those characters becomes a space, spaces collapse, ends trimmed. A
 * no-break space stays: it is what keeps 'R$ 19,90' (as Intl writes it) on one line in a subject.
 */
export function singleLine(value: string): string {
  return value
    .replace(NOT_SINGLE_LINE, ' ')
    .replace(/[^\S\u00a0\u202f]+/g, ' ')
    .trim()
}

/**
 * A person's first or last name as every form takes it (sign-up, 'Meus dados', both checkouts):
 * made single-line first, so a name of nothing but control characters is a missing one.
 */
export const personName = (messages: { missing: string; tooLong: string }, max = 100) =>
  z
    .string({ error: messages.missing })
    .transform(singleLine)
    .pipe(z.string().min(1, { error: messages.missing }).max(max, { error: messages.tooLong }))
