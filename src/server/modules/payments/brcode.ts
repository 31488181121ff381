/**
 * PIX "copia e cola" codes: the EMV QRCPS-MPM payload of the Banco Central's BR Code manual
 * (PROVIDERS.md). The builder writes fields as given and refuses what the standard forbids;
 * `pixText` and `pixTxid` turn free text into values it accepts.
 */
import { centsToDecimal } from '../../../contracts/money.js'
import { CITY_MAX, NAME_MAX } from '../../../contracts/pix.js'

export { CITY_MAX, NAME_MAX, pixText } from '../../../contracts/pix.js'
export const PIX_GUI = 'br.gov.bcb.pix'
export const TXID_MAX = 25

export interface BrCodeFields {
  key: string
  name: string
  city: string
  /** Omitted: the payer types the amount. */
  amountCents?: number
  /** Omitted: `***`, the standard's "no identifier". */
  txid?: string
  /** Free text shown to the payer (merchant account field 02). */
  description?: string
  postalCode?: string
  /** Some issuers write the GUI in capitals; both are valid. */
  gui?: string
}

/** CRC-16/CCITT-FALSE: polynomial 0x1021, init 0xFFFF, no reflection, no final XOR. */
export function crc16(payload: string): string {
  let crc = 0xffff
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

// Lengths are counted in characters; keeping every value printable ASCII makes them bytes too.
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/

function field(id: string, value: string): string {
  if (!PRINTABLE_ASCII.test(value)) throw new Error(`BR Code field ${id} must be ASCII`)
  if (value.length > 99) throw new Error(`BR Code field ${id} is longer than 99`)
  return `${id}${String(value.length).padStart(2, '0')}${value}`
}

export function buildBrCode(f: BrCodeFields): string {
  const txid = f.txid ?? '***'
  if (!f.key) throw new Error('PIX key is required')
  if (!f.name || f.name.length > NAME_MAX) throw new Error('PIX name must have 1 to 25 chars')
  if (!f.city || f.city.length > CITY_MAX) throw new Error('PIX city must have 1 to 15 chars')
  if (txid !== '***' && !/^[A-Za-z0-9]{1,25}$/.test(txid)) {
    throw new Error('PIX txid must be 1 to 25 letters and digits')
  }
  if (f.amountCents !== undefined && !(Number.isInteger(f.amountCents) && f.amountCents > 0)) {
    throw new Error('PIX amount must be a positive number of centavos')
  }
  const account =
    field('00', f.gui ?? PIX_GUI) +
    field('01', f.key) +
    (f.description ? field('02', f.description) : '')
  const payload =
    field('00', '01') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    (f.amountCents !== undefined ? field('54', centsToDecimal(f.amountCents)) : '') +
    field('58', 'BR') +
    field('59', f.name) +
    field('60', f.city) +
    (f.postalCode ? field('61', f.postalCode) : '') +
    field('62', field('05', txid)) +
    '6304'
  return payload + crc16(payload)
}

/** A transaction id: letters and digits only, at most 25; `***` when nothing is left. */
export function pixTxid(value: string): string {
  return value.replace(/[^A-Za-z0-9]/g, '').slice(0, TXID_MAX) || '***'
}
