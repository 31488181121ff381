import { createVerify } from 'node:crypto'

/**
 * Woovi's own public key (docs/PROVIDERS.md, "Woovi"): it signs every webhook body with the
 * matching private key, RSA with SHA-256, and sends the signature in base64 as
 * `x-webhook-signature`. Published as the same key for every account; WOOVI_WEBHOOK_PUBLIC_KEY
 * replaces it when Woovi rotates it (and in tests, where the fake signs with its own pair).
 */
export const WOOVI_PUBLIC_KEY = [
  '-----BEGIN PUBLIC KEY-----',
  'MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC/+NtIkjzevvqD+I3MMv3bLXDt',
  'pvxBjY4BsRrSdca3rtAwMcRYYvxSnd7jagVLpctMiOxQO8ieUCKLSWHpsMAjO/zZ',
  'WMKbqoG8MNpi/u3fp6zz0mcHCOSqYsPUUG19buW8bis5ZZ2IZgBObWSpTvJ0cnj6',
  'HKBAA82Jln+lGwS1MwIDAQAB',
  '-----END PUBLIC KEY-----',
  '',
].join('\n')

/** A notification whose event is further than this from now is refused (a replay, or a broken clock). */
export const WOOVI_WEBHOOK_WINDOW_MS = 300_000

export type WooviVerdict = 'ok' | 'missing' | 'mismatch' | 'stale' | 'malformed'

/** The signature over the exact bytes received: the body is never re-serialised first. */
export function verifyWooviSignature(
  publicKey: string,
  rawBody: string,
  signature: string | undefined,
): 'ok' | 'missing' | 'mismatch' {
  if (!signature) return 'missing'
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return 'mismatch'
  try {
    const verifier = createVerify('sha256')
    verifier.update(rawBody, 'utf8')
    return verifier.verify(publicKey, Buffer.from(signature, 'base64')) ? 'ok' : 'mismatch'
  } catch {
    return 'mismatch'
  }
}

/**
 * When the notified event happened, from the signed body: the PIX's own time, else the charge's
 * paidAt or updatedAt (Woovi's headers carry no timestamp, so the body is the only signed clock).
 */
export function wooviEventTime(body: unknown): number | null {
  const b = body as {
    pix?: { time?: unknown }
    charge?: { paidAt?: unknown; updatedAt?: unknown }
  } | null
  for (const value of [b?.pix?.time, b?.charge?.paidAt, b?.charge?.updatedAt]) {
    if (typeof value === 'string') {
      const ms = Date.parse(value)
      if (Number.isFinite(ms)) return ms
    }
  }
  return null
}

const isPixAutomaticEvent = (body: unknown) => {
  const event = (body as { event?: unknown } | null)?.event
  return typeof event === 'string' && event.startsWith('PIX_AUTOMATIC_')
}

/** Signature first, then freshness; the body is parsed only from the verified bytes. */
export function verifyWooviWebhook(input: {
  publicKey: string
  rawBody: string | undefined
  signature: string | undefined
  nowMs: number
}): { verdict: WooviVerdict; body?: unknown } {
  if (input.rawBody === undefined) return { verdict: 'missing' }
  const signed = verifyWooviSignature(input.publicKey, input.rawBody, input.signature)
  if (signed !== 'ok') return { verdict: signed }
  let body: unknown
  try {
    body = JSON.parse(input.rawBody)
  } catch {
    return { verdict: 'malformed' }
  }
  const at = wooviEventTime(body)
  // PIX Automático's bodies carry no event time (a subscription, or an installment:
  // https://developers.woovi.com/docs/pix-automatic/pix-automatic-webhooks): the signature alone
  // stands, and a replay only makes the store ask Woovi again, which changes nothing twice.
  if (at === null && isPixAutomaticEvent(body)) return { verdict: 'ok', body }
  if (at === null) return { verdict: 'malformed' }
  if (Math.abs(input.nowMs - at) > WOOVI_WEBHOOK_WINDOW_MS) return { verdict: 'stale' }
  return { verdict: 'ok', body }
}
