import { z } from 'zod'
import {
  BackupEntry,
  BackupKeyAnswer,
  BackupList,
  BackupStatus,
} from '../../../contracts/backup.js'
import type { App } from '../../app-types.js'
import { backupFileName, startBackup } from '../../backup/archive.js'
import { keyId, storeBackupKey } from '../../backup/backup-key.js'
import { adminScope } from '../../http/admin-scope.js'
import { AppError } from '../../errors.js'

/**
 * The admin's 'Backup' tab downloads the archive `npm run backup` writes, taken by this running
 * server: on PGlite it owns the database, so no other process can take it meanwhile
 * (docs/decisions/022-backup-and-restore.md). Streamed: the files are read as the admin's
 * browser takes them, never held whole in memory.
 */
export function backupRoutes(app: App) {
  return adminScope(app, (scope) => {
    scope.get('/api/admin/backup', async (_req, reply) => {
      const { database, storage, config } = scope.deps
      // The dump is taken before the first byte is sent: if it fails, the answer is a 500.
      const { stream } = await startBackup({ database, storage, config })
      reply.header('content-type', 'application/gzip')
      reply.header('content-disposition', `attachment; filename="${backupFileName()}"`)
      reply.header('cache-control', 'private, no-store')
      // A shutdown cuts it with the downloads after DOWNLOAD_DRAIN_MS (decision 019): the
      // admin's browser then reports a failed download, and a cut archive never restores.
      scope.lifecycle.trackDownload(reply.raw)
      return reply.send(stream)
    })

    // The key the backups are signed with, for the owner to keep with her off-site copies: a
    // restore on another machine needs it (decision 022). Never cached by anything in between.
    scope.get(
      '/api/admin/backup/key',
      { schema: { response: { 200: BackupKeyAnswer } } },
      async (_req, reply) => {
        const key = await storeBackupKey(scope.deps.config)
        reply.header('cache-control', 'private, no-store')
        return { key, keyId: keyId(key), fromEnv: Boolean(scope.deps.config.backupKey) }
      },
    )

    // The scheduled backups (issue 32): the copies kept, the schedule, a run now, one copy.
    const { backups } = scope.services
    scope.get(
      '/api/admin/backups',
      { schema: { response: { 200: BackupList } } },
      async (_req, reply) => {
        reply.header('cache-control', 'private, no-store')
        return backups.list()
      },
    )
    scope.get(
      '/api/admin/backups/status',
      { schema: { response: { 200: BackupStatus } } },
      async (_req, reply) => {
        reply.header('cache-control', 'private, no-store')
        return backups.status()
      },
    )
    scope.post('/api/admin/backups/run', { schema: { response: { 200: BackupEntry } } }, async () =>
      backups.runNow(),
    )
    scope.get(
      '/api/admin/backups/:name',
      { schema: { params: z.object({ name: z.string().max(200) }) } },
      async (req, reply) => {
        // Only a name the listing holds is opened: never a path built from the request.
        const copy = await backups.open(req.params.name)
        if (!copy) throw new AppError('not_found', 'Backup não encontrado')
        reply.header('content-type', 'application/gzip')
        reply.header('content-length', String(copy.bytes))
        reply.header('content-disposition', `attachment; filename="${req.params.name}"`)
        reply.header('cache-control', 'private, no-store')
        scope.lifecycle.trackDownload(reply.raw)
        return reply.send(copy.stream)
      },
    )
  })
}
