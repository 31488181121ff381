import { describe, expect, it } from 'vitest'
import { PRODUCT_MESSAGES } from '../../contracts/product-form.js'
import { AppError } from '../errors.js'
import {
  cleanFileName,
  detectDownload,
  detectImage,
  extensionOf,
  SNIFF_BYTES,
} from './file-types.js'

/** A file head: the given bytes or text, padded with zeros like the rest of a real file. */
function head(...parts: (number[] | string)[]): Buffer {
  const bytes = Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  )
  return Buffer.concat([bytes, Buffer.alloc(64)])
}

const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const ZIP = [0x50, 0x4b, 0x03, 0x04]
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06]
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
/** An ISO media box header (`....ftyp<brand>`), as HEIC and MP4 files start. */
const ftyp = (brand: string) => head([0, 0, 0, 0x18], `ftyp${brand}`)

/** The refusal `detect` throws, checked to be a 415 with `message`. */
function refusal(detect: () => unknown, message: string) {
  let error: unknown
  try {
    detect()
  } catch (e) {
    error = e
  }
  expect(error).toBeInstanceOf(AppError)
  expect((error as AppError).status).toBe(415)
  expect((error as AppError).message).toBe(message)
}

describe('detectImage', () => {
  it.each([
    ['JPEG', head(JPEG), { mimeType: 'image/jpeg', ext: 'jpg' }],
    ['PNG', head(PNG), { mimeType: 'image/png', ext: 'png' }],
    ['GIF87a', head('GIF87a'), { mimeType: 'image/gif', ext: 'gif' }],
    ['GIF89a', head('GIF89a'), { mimeType: 'image/gif', ext: 'gif' }],
    ['WebP', head('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), { mimeType: 'image/webp', ext: 'webp' }],
  ])('recognises %s by its first bytes', (_name, bytes, expected) => {
    expect(detectImage(bytes, 'capa')).toEqual(expected)
  })

  it('believes the content over the name', () => {
    expect(detectImage(head(PNG), 'capa.jpg')).toEqual({ mimeType: 'image/png', ext: 'png' })
    expect(detectImage(head(JPEG), 'capa.gif').ext).toBe('jpg')
  })

  it('refuses an iPhone photo (HEIC) with its own message, by content or by name', () => {
    refusal(() => detectImage(ftyp('heic'), 'IMG_0001.jpg'), PRODUCT_MESSAGES.heic)
    refusal(() => detectImage(ftyp('mif1'), 'foto'), PRODUCT_MESSAGES.heic)
    refusal(() => detectImage(head('lixo'), 'IMG_0001.HEIC'), PRODUCT_MESSAGES.heic)
    refusal(() => detectImage(head('lixo'), 'foto.heif'), PRODUCT_MESSAGES.heic)
  })

  it.each([
    ['a text file named .jpg', head('não sou uma imagem'), 'capa.jpg'],
    ['an empty file', Buffer.alloc(0), 'capa.png'],
    ['a truncated JPEG signature', Buffer.from([0xff, 0xd8]), 'capa.jpg'],
    ['a PNG signature with one byte wrong', head([...PNG.slice(0, 7), 0x0b]), 'capa.png'],
    ['a GIF of an unknown version', head('GIF90a'), 'capa.gif'],
    ['a RIFF that is not WebP (WAV)', head('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), 'capa.webp'],
    ['an MP4 video (ftyp, not a HEIF brand)', ftyp('isom'), 'capa.png'],
    ['a PDF', head('%PDF-1.7'), 'capa.pdf'],
  ])('refuses %s', (_name, bytes, fileName) => {
    refusal(() => detectImage(bytes, fileName), PRODUCT_MESSAGES.imageType)
  })
})

describe('detectDownload', () => {
  it.each([
    ['apostila.pdf', head('%PDF-1.7'), 'application/pdf', 'pdf'],
    ['Apostila.PDF', head('%PDF-1.4'), 'application/pdf', 'pdf'],
    ['pacote.zip', head(ZIP), 'application/zip', 'zip'],
    ['vazio.zip', head(EMPTY_ZIP), 'application/zip', 'zip'],
    [
      'plano.docx',
      head(ZIP),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'docx',
    ],
    [
      'NOTAS.XLSX',
      head(ZIP),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'xlsx',
    ],
    [
      'aula.pptx',
      head(ZIP),
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'pptx',
    ],
    ['plano.doc', head(OLE), 'application/msword', 'doc'],
    ['notas.xls', head(OLE), 'application/vnd.ms-excel', 'xls'],
    ['aula.ppt', head(OLE), 'application/vnd.ms-powerpoint', 'ppt'],
  ])('accepts %s whose content matches its extension', (fileName, bytes, mimeType, ext) => {
    expect(detectDownload(bytes, fileName)).toEqual({ mimeType, ext })
  })

  it('finds a PDF whose signature comes after some junk, within the sniffed bytes', () => {
    const late = Buffer.concat([Buffer.alloc(SNIFF_BYTES - 20, 0x20), Buffer.from('%PDF-1.7')])
    expect(detectDownload(late, 'apostila.pdf').ext).toBe('pdf')
  })

  it('refuses a PDF signature further in than the sniffed bytes', () => {
    const tooLate = Buffer.concat([Buffer.alloc(SNIFF_BYTES, 0x20), Buffer.from('%PDF-1.7')])
    refusal(() => detectDownload(tooLate, 'apostila.pdf'), PRODUCT_MESSAGES.downloadType)
  })

  it('takes a PDF or ZIP with no known extension as what its content is', () => {
    expect(detectDownload(head('%PDF-1.7'), 'apostila')).toEqual({
      mimeType: 'application/pdf',
      ext: 'pdf',
    })
    expect(detectDownload(head('%PDF-1.7'), 'apostila.txt').ext).toBe('pdf')
    expect(detectDownload(head(ZIP), 'pacote.rar')).toEqual({
      mimeType: 'application/zip',
      ext: 'zip',
    })
  })

  it.each([
    ['a PDF named .zip', head('%PDF-1.7'), 'apostila.zip'],
    ['a PDF named .docx', head('%PDF-1.7'), 'apostila.docx'],
    ['a ZIP named .pdf', head(ZIP), 'apostila.pdf'],
    ['a ZIP named .doc', head(ZIP), 'plano.doc'],
    ['a legacy Office file named .docx', head(OLE), 'plano.docx'],
    // doc, xls and ppt share one signature: without the extension nothing says which it is.
    ['a legacy Office file with no extension', head(OLE), 'plano'],
    ['a Windows program named .pdf', head('MZ', [0x90, 0]), 'apostila.pdf'],
    ['a JPEG named .pdf', head(JPEG), 'apostila.pdf'],
    ['plain text named .pdf', head('apenas texto'), 'apostila.pdf'],
    ['an empty file', Buffer.alloc(0), 'apostila.pdf'],
  ])('refuses %s', (_name, bytes, fileName) => {
    refusal(() => detectDownload(bytes, fileName), PRODUCT_MESSAGES.downloadType)
  })
})

describe('extensionOf', () => {
  it.each([
    ['apostila.pdf', 'pdf'],
    ['Foto.JPG', 'jpg'],
    ['backup.tar.gz', 'gz'],
    ['sem-extensao', ''],
    ['.oculto', ''],
    ['pasta.v2/arquivo', ''],
  ])('%s → %j', (fileName, ext) => {
    expect(extensionOf(fileName)).toBe(ext)
  })
})

describe('cleanFileName', () => {
  it('keeps a plain name as it is', () => {
    expect(cleanFileName('Apostila de Matemática.pdf', 'pdf')).toBe('Apostila de Matemática.pdf')
    expect(cleanFileName('Apostila.PDF', 'pdf')).toBe('Apostila.PDF')
  })

  it('drops any path, Unix or Windows', () => {
    expect(cleanFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf')
    expect(cleanFileName('C:\\Users\\ana\\Desktop\\apostila.pdf', 'pdf')).toBe('apostila.pdf')
  })

  it('drops control characters and quotes, which would break a Content-Disposition header', () => {
    expect(cleanFileName('apo"sti\r\nla\u0000\u007f.pdf', 'pdf')).toBe('apostila.pdf')
  })

  it('adds the real extension when the name lacks it or claims another', () => {
    expect(cleanFileName('apostila', 'pdf')).toBe('apostila.pdf')
    expect(cleanFileName('capa.png', 'jpg')).toBe('capa.png.jpg')
  })

  it('trims spaces and names an empty name "arquivo"', () => {
    expect(cleanFileName('  apostila.pdf  ', 'pdf')).toBe('apostila.pdf')
    expect(cleanFileName('', 'zip')).toBe('arquivo.zip')
    expect(cleanFileName('   ', 'zip')).toBe('arquivo.zip')
    expect(cleanFileName('""', 'zip')).toBe('arquivo.zip')
    expect(cleanFileName('pasta/', 'zip')).toBe('pasta.zip')
  })

  it('keeps the last 180 characters of a long name, so its extension survives', () => {
    const cleaned = cleanFileName(`${'a'.repeat(300)}.pdf`, 'pdf')
    expect(cleaned).toHaveLength(180)
    expect(cleaned.endsWith('a.pdf')).toBe(true)
  })
})
