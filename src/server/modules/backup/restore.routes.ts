import { rm } from 'node:fs/promises'
import fastifyMultipart from '@fastify/multipart'
import { RestoreAnswer } from '../../../contracts/backup.js'
import type { App } from '../../app-types.js'
import { AppError } from '../../errors.js'
import { discardRestOfBody } from '../../http/discard-body.js'
import type { RestoreService } from './restore.service.js'

const FIELDS = 'Envie a chave (campo key) e depois o arquivo do backup (campo backup)'

/**
 * POST /api/admin/backup/restore, inside the admin guard (and the origin check every write
 * gets): multipart with the key first, so a malformed one is refused before a byte of the
 * archive is stored, then the archive, streamed to disk and cut at RESTORE_MAX_BYTES.
 */
export async function restoreRoute(scope: App, restores: RestoreService) {
  await scope.register(fastifyMultipart, {
    // One more byte than allowed, so our own check (with its message) is the one that fires.
    limits: { fileSize: restores.maxBytes + 1, files: 1, fields: 1, parts: 2, fieldSize: 1024 },
  })
  scope.post(
    '/api/admin/backup/restore',
    { schema: { response: { 200: RestoreAnswer } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store')
      if (!req.isMultipart()) {
        throw new AppError('unsupported_media_type', 'Envie o backup como multipart/form-data')
      }
      // A body announced larger than the limit is refused before it is read.
      if (Number(req.headers['content-length'] ?? 0) > restores.maxBytes + 64 * 1024) {
        reply.header('connection', 'close')
        throw new AppError('payload_too_large', restores.tooLarge)
      }
      const release = restores.claim()
      let archive: string | undefined
      try {
        let key: string | undefined
        for await (const part of req.parts()) {
          if (part.type === 'field' && part.fieldname === 'key' && !key) {
            key = restores.parseKey(String(part.value))
          } else if (part.type === 'file' && part.fieldname === 'backup' && key && !archive) {
            archive = await restores.receive(part.file)
          } else {
            if (part.type === 'file') part.file.resume()
            throw new AppError('bad_request', FIELDS)
          }
        }
        if (!key || !archive) throw new AppError('bad_request', FIELDS)
        const restoring = archive
        archive = undefined
        return await restores.restore(restoring, key)
      } catch (error) {
        discardRestOfBody(req)
        if (archive) await rm(archive, { force: true })
        throw error
      } finally {
        release()
      }
    },
  )
}
