import { describe, expect, it } from 'vitest'
import {
  signatureManifest,
  signManifest,
  verifyMercadoPagoSignature,
  WEBHOOK_WINDOW_MS,
} from './mercadopago-signature.js'

// PROVIDERS.md's vector.
const SECRET = 'your_secret_key_here'
const REQUEST_ID = 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e'
const TS = '1742505638683'
const V1 = '5e0a7ed2ea5ece575e9d1a9bb80f7ce6ca43d6d30e8be93413bae108b94ad7cd'

const verify = (over: Partial<Parameters<typeof verifyMercadoPagoSignature>[0]> = {}) =>
  verifyMercadoPagoSignature({
    secret: SECRET,
    signature: `ts=${TS},v1=${V1}`,
    requestId: REQUEST_ID,
    dataId: '123456',
    nowMs: Number(TS) + 1000,
    ...over,
  })

describe('Mercado Pago webhook signature', () => {
  it('builds the manifest and HMAC of the published vector', () => {
    const manifest = signatureManifest({ dataId: '123456', requestId: REQUEST_ID, ts: TS })
    expect(manifest).toBe(`id:123456;request-id:${REQUEST_ID};ts:${TS};`)
    expect(signManifest(SECRET, manifest)).toBe(V1)
  })

  it('accepts the vector inside the window, with spaces around the parts', () => {
    expect(verify()).toBe('ok')
    expect(verify({ signature: ` ts=${TS} , v1=${V1} ` })).toBe('ok')
  })

  it('leaves absent parts out of the manifest', () => {
    expect(signatureManifest({ ts: '1' })).toBe('ts:1;')
    const ts = '1742505638'
    const v1 = signManifest(SECRET, signatureManifest({ requestId: REQUEST_ID, ts }))
    const nowMs = Number(ts) * 1000
    expect(verify({ signature: `ts=${ts},v1=${v1}`, dataId: undefined, nowMs })).toBe('ok')
  })

  it('reads ts in seconds as well as milliseconds', () => {
    const ts = '1742505638'
    const v1 = signManifest(
      SECRET,
      signatureManifest({ dataId: '123456', requestId: REQUEST_ID, ts }),
    )
    expect(verify({ signature: `ts=${ts},v1=${v1}`, nowMs: Number(ts) * 1000 + 299_000 })).toBe(
      'ok',
    )
    expect(verify({ signature: `ts=${ts},v1=${v1}`, nowMs: Number(ts) * 1000 + 301_000 })).toBe(
      'stale',
    )
  })

  it('refuses a stale or far-future ts, a wrong secret, id or request id, and junk', () => {
    expect(verify({ nowMs: Number(TS) + WEBHOOK_WINDOW_MS + 1 })).toBe('stale')
    expect(verify({ nowMs: Number(TS) - WEBHOOK_WINDOW_MS - 1 })).toBe('stale')
    expect(verify({ secret: 'other' })).toBe('mismatch')
    expect(verify({ dataId: '123457' })).toBe('mismatch')
    expect(verify({ requestId: 'other' })).toBe('mismatch')
    expect(verify({ signature: undefined })).toBe('missing')
    expect(verify({ signature: 'ts=abc,v1=zz' })).toBe('malformed')
    expect(verify({ signature: `v1=${V1}` })).toBe('malformed')
  })
})
