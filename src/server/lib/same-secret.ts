import { createHash, timingSafeEqual } from 'node:crypto'

/**
 * Whether a secret someone sent (a webhook token, a metrics token) is the one configured.
 * Compared as digests, so neither its length nor its content leaks through timing; an empty
 * secret on either side matches nothing.
 */
export function sameSecret(received: string | undefined, expected: string): boolean {
  if (!received || !expected) return false
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()
  return timingSafeEqual(digest(received), digest(expected))
}
