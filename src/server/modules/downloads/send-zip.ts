import type { FastifyReply, FastifyRequest } from 'fastify'
import { ZipFile } from 'yazl'
import type { FileStorage } from '../../files/storage.js'
import type { OrderZip } from './download-all.js'
import { README_NAME } from './zip-entries.js'

/**
 * Streams an order's ZIP as it is written: each stored file opened only when yazl reaches it
 * (one open at a time, memory flat for any order). Every entry is STORED: the materials are
 * PDFs and images, already compressed, and deflating them again would cost the 2 cores for a
 * few bytes. No Content-Length: the size is known only once written, so no resume either; a
 * cut download is asked for again (and counted again, as the quota was spent for it).
 */
export function sendZip(
  req: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  zip: OrderZip,
): FastifyReply {
  const archive = new ZipFile()
  for (const entry of zip.entries) {
    archive.addReadStreamLazy(entry.name, { compress: false }, (ready) =>
      ready(null, storage.read(entry.file.storageKey)),
    )
  }
  if (zip.readme) {
    archive.addBuffer(Buffer.from(zip.readme, 'utf8'), README_NAME, { compress: false })
  }
  archive.end()
  reply.headers({
    'content-type': 'application/zip',
    'content-disposition': `attachment; filename="${zip.fileName}"`,
    // One buyer's files: no shared cache may keep them.
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  })
  req.server.lifecycle.trackDownload(reply.raw)
  return reply.send(archive.outputStream)
}
