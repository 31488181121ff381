import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import type { FileStorage } from '../../files/storage.js'
import { copyRange, type ByteRange } from './copy-file.js'
import type { DeliveryFile } from '../products/products.service.js'

/**
 * The one `bytes=` range of a Range header against `size` (RFC 9110 section 14): null means
 * "send it whole", which is always allowed (several ranges, other units, bad syntax).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '')
  if (!match || (match[1] === '' && match[2] === '')) return null
  const [, from = '', to = ''] = match
  let start: number
  let end = size - 1
  if (from === '') {
    // A suffix: the last N bytes.
    const suffix = Number(to)
    if (suffix === 0) return 'unsatisfiable'
    start = Math.max(0, size - suffix)
  } else {
    start = Number(from)
    if (to !== '') {
      if (Number(to) < start) return null
      end = Math.min(Number(to), size - 1)
    }
  }
  return start >= size ? 'unsatisfiable' : { start, end }
}

/** RFC 6266/5987: an ASCII name for old browsers, the exact UTF-8 name for the others. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

/**
 * Streams a stored file (whole, or the requested range) with the headers a browser or download
 * manager needs to save it and resume it. Never buffered: memory stays flat for any size.
 */
export async function sendFile(
  req: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  file: DeliveryFile,
): Promise<FastifyReply> {
  const size = await storage.size(file.storageKey)
  if (size === null) throw new AppError('not_found', 'Arquivo não encontrado')
  const etag = `"${file.sha256}"`
  // A resume asks "this range, if the file is still the same one"; if it changed, send it whole.
  const ifRange = req.headers['if-range']
  const range = ifRange && ifRange !== etag ? null : parseRange(req.headers.range, size)
  reply.headers({
    'accept-ranges': 'bytes',
    etag,
    // The URL is a secret of one buyer: no shared cache may keep the file or the link.
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  })
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${size}`)
      .send({ message: 'Intervalo solicitado inválido' })
  }
  reply.headers({
    'content-type': file.mimeType,
    'content-disposition': contentDisposition(file.fileName),
    'content-length': String(range ? range.end - range.start + 1 : size),
  })
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`)
  if (req.method === 'HEAD') return reply.send()
  // A restart lets it run a while, then cuts it; the client resumes from where it was cut.
  req.server.lifecycle.trackDownload(reply.raw)
  if (!storage.open || size === 0)
    return reply.send(storage.read(file.storageKey, range ?? undefined))
  const handle = await storage.open(file.storageKey)
  // Written by hand (copy-file.ts): a stream would allocate a new buffer for every chunk.
  reply.hijack()
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value)
  }
  reply.raw.writeHead(reply.statusCode)
  try {
    await copyRange(handle, range ?? { start: 0, end: size - 1 }, reply.raw)
  } catch (error) {
    req.log.error({ err: error, key: file.storageKey }, 'download interrupted')
    reply.raw.destroy()
  } finally {
    await handle.close()
  }
  return reply
}
