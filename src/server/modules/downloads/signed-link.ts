import { createHmac, timingSafeEqual } from 'node:crypto'

/** What a download link grants: one file of one product, through a purchase or as a free one. */
export interface LinkClaims {
  purchase: number | 'free'
  productId: number
  fileIndex: number
  /** Unix seconds after which the link is refused. */
  exp: number
}

const isIndex = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0

/** Decodes `[purchase (0 = free), productId, fileIndex, exp]`; null for anything else. */
function parseClaims(json: string): LinkClaims | null {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return null
  }
  if (!Array.isArray(value) || value.length !== 4 || !value.every(isIndex)) return null
  const [purchase, productId, fileIndex, exp] = value as number[]
  return {
    purchase: purchase === 0 ? 'free' : purchase!,
    productId: productId!,
    fileIndex: fileIndex!,
    exp: exp!,
  }
}

/**
 * Download links are `base64url(claims).base64url(HMAC-SHA256)` (about 80 characters): nothing to store, valid on
 * every instance sharing SESSION_SECRET, and worthless once `exp` passes or a byte changes.
 */
export function createLinkSigner(secret: string) {
  // A key of its own: a download token can never pass for another signature made with the secret.
  const key = createHmac('sha256', secret).update('download-link:v1').digest()
  const macOf = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url')

  return {
    sign(claims: LinkClaims): string {
      // A bare array keeps the token short: Fastify refuses path parameters over 100 characters.
      const { purchase, productId, fileIndex, exp } = claims
      const fields = [purchase === 'free' ? 0 : purchase, productId, fileIndex, exp]
      const payload = Buffer.from(JSON.stringify(fields)).toString('base64url')
      return `${payload}.${macOf(payload)}`
    },

    /** The claims of a genuine, unexpired token; null for anything else. */
    verify(token: string, nowMs = Date.now()): LinkClaims | null {
      const [payload, mac, ...rest] = token.split('.')
      if (!payload || !mac || rest.length > 0) return null
      // The MAC's text is compared, not its decoded bytes: base64url decoding ignores stray
      // characters and padding bits, so two different tokens could decode alike.
      const expected = Buffer.from(macOf(payload))
      const given = Buffer.from(mac)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      const claims = parseClaims(Buffer.from(payload, 'base64url').toString('utf8'))
      return claims && claims.exp * 1000 > nowMs ? claims : null
    },
  }
}

export type LinkSigner = ReturnType<typeof createLinkSigner>
