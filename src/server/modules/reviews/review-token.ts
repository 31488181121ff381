import { createHmac, timingSafeEqual } from 'node:crypto'

/** How long the e-mailed rating link opens the form: long enough for a busy term. */
export const REVIEW_LINK_DAYS = 60

/**
 * The one-tap rating link's token: `purchaseId.exp.mac` (HMAC-SHA256 under a key of its own
 * derived from SESSION_SECRET). Nothing stored, valid on every instance; it names one purchase
 * and lets its buyer rate that product only, nothing else.
 */
export function createReviewTokens(secret: string) {
  const key = createHmac('sha256', secret).update('review-link:v1').digest()
  const macOf = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url')

  return {
    sign(purchaseId: number, nowMs: number): string {
      const exp = Math.floor(nowMs / 1000) + REVIEW_LINK_DAYS * 86_400
      const payload = `${purchaseId}.${exp}`
      return `${payload}.${macOf(payload)}`
    },

    /** The purchase a genuine, unexpired token names; null for anything else. */
    verify(token: string, nowMs: number): number | null {
      const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token)
      if (!match) return null
      const expected = Buffer.from(macOf(`${match[1]}.${match[2]}`))
      const given = Buffer.from(match[3]!)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      if (Number(match[2]) * 1000 <= nowMs) return null
      return Number(match[1])
    },
  }
}
