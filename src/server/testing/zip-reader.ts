/**
 * The entries of a ZIP as the tests read them back: the central directory parsed by hand
 * (PKWARE APPNOTE 4.3.12 and 4.3.16), each entry's bytes taken after its local header. Only
 * what the store writes: no ZIP64, STORED or DEFLATEd entries.
 */
import { inflateRawSync } from 'node:zlib'

export interface ZipEntry {
  name: string
  /** 0: stored, 8: deflated. */
  method: number
  bytes: Buffer
}

export function readZip(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (end < 0) throw new Error('no end of central directory')
  const count = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  const entries: ZipEntry[] = []
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central header ${i}`)
    const method = zip.readUInt16LE(at + 10)
    const compressed = zip.readUInt32LE(at + 20)
    const nameLength = zip.readUInt16LE(at + 28)
    const extraLength = zip.readUInt16LE(at + 30)
    const commentLength = zip.readUInt16LE(at + 32)
    const local = zip.readUInt32LE(at + 42)
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength)
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header ${name}`)
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const raw = zip.subarray(start, start + compressed)
    entries.push({ name, method, bytes: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) })
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}
