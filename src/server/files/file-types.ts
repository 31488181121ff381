import path from 'node:path'
import { PRODUCT_MESSAGES } from '../../contracts/product-form.js'
import { AppError } from '../errors.js'

/** What an upload really is, by its first bytes; the name the client gave is not trusted alone. */
export interface DetectedType {
  mimeType: string
  /** Lowercase extension the stored file name ends with. */
  ext: string
}

/** Bytes of a file's head that are enough to tell every accepted type (PDF may start late). */
export const SNIFF_BYTES = 1024

const startsWith = (head: Buffer, bytes: number[], at = 0) =>
  bytes.every((b, i) => head[at + i] === b)
const ascii = (head: Buffer, from: number, to: number) => head.subarray(from, to).toString('latin1')

const HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']

export const extensionOf = (fileName: string) => path.extname(fileName).slice(1).toLowerCase()

/** jpeg, png, gif, webp; HEIC (iPhone photos) gets its own message, as SPEC.md asks. */
export function detectImage(head: Buffer, fileName: string): DetectedType {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mimeType: 'image/jpeg', ext: 'jpg' }
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mimeType: 'image/png', ext: 'png' }
  }
  if (/^GIF8[79]a/.test(ascii(head, 0, 6))) return { mimeType: 'image/gif', ext: 'gif' }
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') {
    return { mimeType: 'image/webp', ext: 'webp' }
  }
  const heif = ascii(head, 4, 8) === 'ftyp' && HEIF_BRANDS.includes(ascii(head, 8, 12))
  if (heif || ['heic', 'heif'].includes(extensionOf(fileName))) {
    throw new AppError('unsupported_media_type', PRODUCT_MESSAGES.heic)
  }
  throw new AppError('unsupported_media_type', PRODUCT_MESSAGES.imageType)
}

const MIME_BY_EXT: Record<string, string> = {
  pdf: 'application/pdf',
  zip: 'application/zip',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
}

/** Which extensions each container signature may carry. */
const FAMILIES = [
  { ext: ['pdf'], matches: (h: Buffer) => ascii(h, 0, SNIFF_BYTES).includes('%PDF-') },
  // ZIP local header, or an empty archive's end record; docx/xlsx/pptx are ZIPs.
  {
    ext: ['zip', 'docx', 'xlsx', 'pptx'],
    matches: (h: Buffer) =>
      startsWith(h, [0x50, 0x4b, 0x03, 0x04]) || startsWith(h, [0x50, 0x4b, 0x05, 0x06]),
  },
  // OLE compound file: the legacy doc/xls/ppt.
  {
    ext: ['doc', 'xls', 'ppt'],
    matches: (h: Buffer) => startsWith(h, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  },
]

/**
 * PDF, ZIP and Office files: the content's signature must belong to the name's extension. A
 * PDF or ZIP without a known extension is accepted as what its content says it is.
 */
export function detectDownload(head: Buffer, fileName: string): DetectedType {
  const family = FAMILIES.find((f) => f.matches(head))
  const ext = extensionOf(fileName)
  if (family?.ext.includes(ext)) return { mimeType: MIME_BY_EXT[ext]!, ext }
  if (family && !(ext in MIME_BY_EXT) && family.ext[0] !== 'doc') {
    const fallback = family.ext[0]!
    return { mimeType: MIME_BY_EXT[fallback]!, ext: fallback }
  }
  throw new AppError('unsupported_media_type', PRODUCT_MESSAGES.downloadType)
}

/** A file name fit to store and to send back in Content-Disposition: no path, no controls. */
export function cleanFileName(raw: string, ext: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what goes
  const base = path.basename(raw.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f"]/g, '')
  const trimmed = base.trim().slice(-180) || 'arquivo'
  return extensionOf(trimmed) === ext ? trimmed : `${trimmed}.${ext}`
}
