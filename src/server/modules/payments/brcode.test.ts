import { parsePix, hasError } from 'pix-utils'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import QRCode from 'qrcode'
import { buildBrCode, crc16, pixText, pixTxid } from './brcode.js'
import { isCpf, normalisePixKey } from './pix-key.js'
import { demoProvider } from './providers/demo.js'
import { staticProvider } from './providers/static.js'
import { qrPng } from './qr-image.js'

// PROVIDERS.md's published vectors, CRC verified there.
const VECTORS = {
  bcbManual:
    '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
  withAmount:
    '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914Thales Ogliari6002SC62070503***6304E5AB',
  withPostalCode:
    '00020126580014BR.GOV.BCB.PIX0119nubank@thalesog.com0213PIX de Testes52040000530398654041.005802BR5914Thales Ogliari6009SAO PAULO61080540900062070503***6304581E',
}

/** Our own rules on top of pix-utils, which is lenient about them. */
function expectValidStaticCode(code: string, amountCents: number) {
  expect(code).toMatch(/^[\x20-\x7e]+$/)
  expect(crc16(code.slice(0, -4))).toBe(code.slice(-4))
  const parsed = parsePix(code)
  if (hasError(parsed) || parsed.type !== 'STATIC') throw new Error(`pix-utils refused ${code}`)
  expect(parsed.merchantName.length).toBeLessThanOrEqual(25)
  expect(parsed.merchantCity.length).toBeLessThanOrEqual(15)
  expect(parsed.merchantName).toBe(parsed.merchantName.toUpperCase())
  expect(parsed.transactionAmount).toBe(amountCents / 100)
  expect(parsed.txid).toMatch(/^[A-Za-z0-9]{1,25}$/)
  return parsed
}

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the check value 29B1 for "123456789"', () => {
    expect(crc16('123456789')).toBe('29B1')
  })
})

describe('buildBrCode', () => {
  it('reproduces the Banco Central manual vector byte for byte', () => {
    const code = buildBrCode({
      key: '123e4567-e12b-12d1-a456-426655440000',
      name: 'Fulano de Tal',
      city: 'BRASILIA',
    })
    expect(code).toBe(VECTORS.bcbManual)
  })

  it('reproduces the vector with an amount and a description', () => {
    const code = buildBrCode({
      key: 'thalesog@me.com',
      description: 'Pedido 123',
      amountCents: 1000,
      name: 'Thales Ogliari',
      city: 'SC',
    })
    expect(code).toBe(VECTORS.withAmount)
  })

  it('reproduces the vector with a capitalised GUI and a postal code', () => {
    const code = buildBrCode({
      gui: 'BR.GOV.BCB.PIX',
      key: 'nubank@thalesog.com',
      description: 'PIX de Testes',
      amountCents: 100,
      name: 'Thales Ogliari',
      city: 'SAO PAULO',
      postalCode: '05409000',
    })
    expect(code).toBe(VECTORS.withPostalCode)
  })

  it('agrees with pix-utils on every vector', () => {
    for (const code of Object.values(VECTORS)) expect(hasError(parsePix(code))).toBe(false)
  })

  it('refuses what the standard forbids', () => {
    const base = { key: 'a@b.com', name: 'LOJA', city: 'SP' }
    expect(() => buildBrCode({ ...base, name: 'X'.repeat(26) })).toThrow()
    expect(() => buildBrCode({ ...base, city: 'X'.repeat(16) })).toThrow()
    expect(() => buildBrCode({ ...base, txid: 'pedido-1' })).toThrow()
    expect(() => buildBrCode({ ...base, amountCents: 0 })).toThrow()
    expect(() => buildBrCode({ ...base, name: 'JOÃO' })).toThrow()
  })
})

describe('names, cities and txids', () => {
  it('strips accents, capitalises and truncates to the limits', () => {
    expect(pixText('Loja de Materiais Pedagógicos da Professora Ângela', 25)).toBe(
      'LOJA DE MATERIAIS PEDAGOG',
    )
    expect(pixText('  São   José dos Campos ', 15)).toBe('SAO JOSE DOS CA')
    expect(pixText('Açaí 🍇 Ltda.', 25)).toBe('ACAI LTDA.')
  })

  it('keeps letters and digits of a txid, at most 25, *** when nothing is left', () => {
    expect(pixTxid('pedido-123_abc')).toBe('pedido123abc')
    expect(pixTxid('x'.repeat(40))).toHaveLength(25)
    expect(pixTxid('---')).toBe('***')
  })
})

describe('PIX keys', () => {
  it('stores keys the way the directory knows them', () => {
    expect(normalisePixKey(' Loja@Exemplo.COM ')).toBe('loja@exemplo.com')
    expect(normalisePixKey('123.456.789-09')).toBe('12345678909')
    expect(normalisePixKey('(11) 98765-4321')).toBe('+5511987654321')
    expect(normalisePixKey('+55 11 98765-4321')).toBe('+5511987654321')
    expect(normalisePixKey('12.345.678/0001-95')).toBe('12345678000195')
    expect(normalisePixKey('123E4567-E12B-12D1-A456-426655440000')).toBe(
      '123e4567-e12b-12d1-a456-426655440000',
    )
  })

  it('tells a CPF from a phone number by its check digits', () => {
    expect(isCpf('12345678909')).toBe(true)
    expect(isCpf('11987654321')).toBe(false)
    expect(isCpf('11111111111')).toBe(false)
  })
})

describe('generated codes', () => {
  const request = (orderId: string, amountCents: number) => ({
    orderId,
    amountCents,
    description: 'Kit',
    payer: { email: 'a@b.com', firstName: 'A', lastName: 'B' },
    expiresAt: new Date(),
  })

  it('are accepted by pix-utils and follow our rules, whatever the settings say', async () => {
    const settings = [
      { key: 'loja@exemplo.com', recipientName: 'Loja de Materiais', city: 'São Paulo' },
      {
        key: '(11) 98765-4321',
        recipientName: 'Professora Ângela Conceição Ltda',
        city: 'Santa Bárbara d’Oeste',
      },
      { key: '123.456.789-09', recipientName: '', city: '' },
      { key: '123e4567-e12b-12d1-a456-426655440000', recipientName: 'ÉÇÃÕ', city: 'Itá' },
    ]
    for (const [i, s] of settings.entries()) {
      for (const amountCents of [1, 990, 1990, 123456]) {
        const charge = await staticProvider(s).createCharge(
          request(`order${i}x${amountCents}`, amountCents),
        )
        const parsed = expectValidStaticCode(charge.qrCode, amountCents)
        expect(parsed.pixKey).toBe(normalisePixKey(s.key))
      }
    }
  })

  it('in demo mode too, with the order id as txid', async () => {
    const charge = await demoProvider().createCharge(request('0k3j5h7g9f1d3s5a7p9o1i3u5', 4990))
    expect(expectValidStaticCode(charge.qrCode, 4990).txid).toBe('0k3j5h7g9f1d3s5a7p9o1i3u5')
  })
})

describe('QR image', () => {
  it('is a PNG whose pixels are the QR modules of the code', async () => {
    const code = VECTORS.withAmount
    const png = qrPng(code)
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true })
    const { modules } = QRCode.create(code, { errorCorrectionLevel: 'M' })
    const scale = info.width / (modules.size + 8)
    expect(Number.isInteger(scale)).toBe(true)
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        const y = (row + 4) * scale + Math.floor(scale / 2)
        const x = (col + 4) * scale + Math.floor(scale / 2)
        expect(data[y * info.width + x]! < 128).toBe(Boolean(modules.get(row, col)))
      }
    }
    // The quiet zone is white.
    expect(data.subarray(0, info.width * 4 * scale).every((v) => v === 255)).toBe(true)
  })
})
