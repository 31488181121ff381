import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'
import { buildBrCode } from './brcode.js'
import { qrModules, withMask } from './qr-matrix.js'

/** Codes of every length a checkout makes: keys, names, cities, amounts and txids vary. */
function sampleCodes(count: number): string[] {
  const keys = ['loja@exemplo.com.br', '+5511987654321', '12345678909', crypto.randomUUID()]
  return Array.from({ length: count }, (_, i) =>
    buildBrCode({
      key: keys[i % keys.length]!,
      name: 'LOJA DE MATERIAIS'.slice(0, 5 + (i % 13)),
      city: 'SAO PAULO'.slice(0, 2 + (i % 8)),
      amountCents: 1 + ((i * 7919) % 500000),
      txid:
        Math.random()
          .toString(36)
          .slice(2, 2 + (i % 24) + 1) || '***',
    }),
  )
}

describe('qrModules', () => {
  it('gives exactly the matrix qrcode gives, mask choice included', () => {
    const chosen = new Set<number>()
    for (const code of sampleCodes(300)) {
      const reference = QRCode.create(code, { errorCorrectionLevel: 'M' })
      const ours = qrModules(code)
      expect(ours.size).toBe(reference.modules.size)
      expect(Buffer.from(ours.data).equals(Buffer.from(reference.modules.data))).toBe(true)
      chosen.add(reference.maskPattern!)
    }
    // The sample exercised several masks, not one.
    expect(chosen.size).toBeGreaterThan(3)
  })

  it('builds each of the eight masks as qrcode does', () => {
    const code = sampleCodes(1)[0]!
    const zero = QRCode.create(code, { errorCorrectionLevel: 'M', maskPattern: 0 }).modules
    const base = withMask(zero.data, zero.reservedBit, zero.size, 0)
    for (const mask of [0, 1, 2, 3, 4, 5, 6, 7] as const) {
      const reference = QRCode.create(code, { errorCorrectionLevel: 'M', maskPattern: mask })
      const ours = withMask(base, zero.reservedBit, zero.size, mask)
      expect(Buffer.from(ours).equals(Buffer.from(reference.modules.data))).toBe(true)
    }
  })
})
