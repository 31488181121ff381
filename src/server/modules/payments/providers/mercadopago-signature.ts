import { createHmac, timingSafeEqual } from 'node:crypto'

/** A notification older (or further ahead) than this is refused: a replay, or a broken clock. */
export const WEBHOOK_WINDOW_MS = 300_000

export type SignatureVerdict = 'ok' | 'missing' | 'malformed' | 'stale' | 'mismatch'

export interface SignedParts {
  /** `data.id` of the notification's query string. */
  dataId?: string
  /** The `x-request-id` header. */
  requestId?: string
  ts: string
}

/** Mercado Pago's manifest: `id:…;request-id:…;ts:…;`, leaving out the parts that are absent. */
export function signatureManifest({ dataId, requestId, ts }: SignedParts): string {
  // Mercado Pago signs alphanumeric ids in lower case.
  const id = dataId ? `id:${dataId.toLowerCase()};` : ''
  const request = requestId ? `request-id:${requestId};` : ''
  return `${id}${request}ts:${ts};`
}

export function signManifest(secret: string, manifest: string): string {
  return createHmac('sha256', secret).update(manifest).digest('hex')
}

/** `ts=…,v1=…` as a map; unknown keys are kept and ignored. */
function parseSignatureHeader(header: string): Record<string, string> {
  const parts: Record<string, string> = {}
  for (const piece of header.split(',')) {
    const at = piece.indexOf('=')
    if (at > 0) parts[piece.slice(0, at).trim()] = piece.slice(at + 1).trim()
  }
  return parts
}

/**
 * Checks `x-signature` (HMAC-SHA256, hex) in constant time, and that its `ts` (seconds or
 * milliseconds, both occur) lies within WEBHOOK_WINDOW_MS of `nowMs`.
 */
export function verifyMercadoPagoSignature(input: {
  secret: string
  signature: string | undefined
  requestId: string | undefined
  dataId: string | undefined
  nowMs: number
}): SignatureVerdict {
  if (!input.signature) return 'missing'
  const { ts, v1 } = parseSignatureHeader(input.signature)
  if (!ts || !v1 || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return 'malformed'
  const stamp = Number(ts)
  const stampMs = stamp > 1e12 ? stamp : stamp * 1000
  if (Math.abs(input.nowMs - stampMs) > WEBHOOK_WINDOW_MS) return 'stale'
  const manifest = signatureManifest({ dataId: input.dataId, requestId: input.requestId, ts })
  const expected = Buffer.from(signManifest(input.secret, manifest), 'hex')
  return timingSafeEqual(expected, Buffer.from(v1, 'hex')) ? 'ok' : 'mismatch'
}
