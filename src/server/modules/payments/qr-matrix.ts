import QRCode from 'qrcode'

/**
 * The modules of a QR code at error correction level M, with the mask the standard's penalty
 * rules choose: the same matrix as `QRCode.create(text, { errorCorrectionLevel: 'M' })` (a test
 * holds them equal), about four times faster. qrcode scores the eight masks through a method call
 * per module, which was most of a checkout's CPU; here the scoring reads a plain byte array.
 */

const MASKS: ((i: number, j: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
]

const bchDigit = (n: number) => (n === 0 ? 0 : 32 - Math.clz32(n))
const G15 = 0b10100110111
const G15_MASK = 0b101010000010010

/** The 15 format bits of level M (whose level bits are 00) and `mask`, BCH(15,5) coded. */
export function formatBits(mask: number): number {
  const data = mask
  let d = data << 10
  while (bchDigit(d) - bchDigit(G15) >= 0) d ^= G15 << (bchDigit(d) - bchDigit(G15))
  return ((data << 10) | d) ^ G15_MASK
}

/** Writes the format bits where the standard puts them (both copies). */
function writeFormat(m: Uint8Array, size: number, bits: number) {
  for (let i = 0; i < 15; i++) {
    const bit = (bits >> i) & 1
    const row = i < 6 ? i : i < 8 ? i + 1 : size - 15 + i
    m[row * size + 8] = bit
    const col = i < 8 ? size - i - 1 : i < 9 ? 15 - i : 15 - i - 1
    m[8 * size + col] = bit
  }
  m[(size - 8) * size + 8] = 1
}

/** N1 (runs of five or more) and N3 (finder-like 1:1:3:1:1 patterns) along each row of `m`. */
function rowPenalty(m: Uint8Array, size: number): number {
  let points = 0
  for (let start = 0; start < size * size; start += size) {
    let last = m[start]!
    let run = 1
    let bits = last
    for (let b = 1; b < size; b++) {
      const v = m[start + b]!
      if (v === last) run++
      else {
        if (run >= 5) points += run - 2
        last = v
        run = 1
      }
      bits = ((bits << 1) & 0x7ff) | v
      if (b >= 10 && (bits === 0x5d0 || bits === 0x05d)) points += 40
    }
    if (run >= 5) points += run - 2
  }
  return points
}

/** The four penalty rules (N1..N4) of ISO 18004, scored as qrcode scores them. */
function penalty(m: Uint8Array, size: number, transposed: Uint8Array): number {
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) transposed[j * size + i] = m[i * size + j]!
  }
  let points = rowPenalty(m, size) + rowPenalty(transposed, size)
  let dark = 0
  for (let k = 0; k < m.length; k++) dark += m[k]!
  for (let a = 0; a < (size - 1) * size; a += size) {
    for (let b = a; b < a + size - 1; b++) {
      // All four dark (4) or all four light (0): the low two bits are clear.
      if (((m[b]! + m[b + 1]! + m[b + size]! + m[b + size + 1]!) & 3) === 0) points += 3
    }
  }
  return points + Math.abs(Math.ceil((dark * 100) / (size * size) / 5) - 10) * 10
}

// Which modules each mask flips depends only on the symbol's size (its version): kept per size.
const flips = new Map<number, Uint8Array[]>()

function flipsFor(reserved: Uint8Array, size: number): Uint8Array[] {
  let cached = flips.get(size)
  if (!cached) {
    cached = MASKS.map((masked) => {
      const flip = new Uint8Array(size * size)
      for (let i = 0; i < size; i++) {
        for (let j = 0; j < size; j++)
          flip[i * size + j] = !reserved[i * size + j] && masked(i, j) ? 1 : 0
      }
      return flip
    })
    flips.set(size, cached)
  }
  return cached
}

/** The symbol with mask `mask`, from the unmasked data bits. */
export function withMask(base: Uint8Array, reserved: Uint8Array, size: number, mask: number) {
  const flip = flipsFor(reserved, size)[mask]!
  const m = new Uint8Array(base.length)
  for (let k = 0; k < m.length; k++) m[k] = base[k]! ^ flip[k]!
  writeFormat(m, size, formatBits(mask))
  return m
}

export function qrModules(text: string): { size: number; data: Uint8Array } {
  // Mask 0 given, qrcode skips its own (slow) choice; undoing it leaves the bare data bits.
  const { size, data, reservedBit } = QRCode.create(text, {
    errorCorrectionLevel: 'M',
    maskPattern: 0,
  }).modules
  const base = withMask(data, reservedBit, size, 0)
  const scratch = new Uint8Array(size * size)
  let best = data
  let lowest = Infinity
  for (let mask = 0; mask < 8; mask++) {
    const candidate = mask === 0 ? data : withMask(base, reservedBit, size, mask)
    const score = penalty(candidate, size, scratch)
    if (score < lowest) {
      lowest = score
      best = candidate
    }
  }
  return { size, data: best }
}
