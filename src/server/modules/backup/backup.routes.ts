import { z } from 'zod'
import {
  BackupEntry,
  BackupKeyAnswer,
  BackupList,
  BackupStatus,
  MAINTENANCE_MESSAGE,
} from '../../../contracts/backup.js'
import type { App } from '../../app-types.js'
import { backupFileName, startBackup } from '../../backup/archive.js'
import { keyId, storeBackupKey } from '../../backup/backup-key.js'
import { adminScope } from '../../http/admin-scope.js'
import { AppError } from '../../errors.js'
import { restoreRoute } from './restore.routes.js'

/** The page any address answers during a restore: a few words, nothing that reads the store. */
const MAINTENANCE_PAGE = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Loja em manutenção</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#3b0764"><h1>Voltamos em instantes</h1><p>${MAINTENANCE_MESSAGE}</p></body></html>`

/**
 * The admin's 'Backup' tab downloads the archive `npm run backup` writes, taken by this running
 * server: on PGlite it owns the database, so no other process can take it meanwhile
 * (docs/decisions/022-backup-and-restore.md). Streamed: the files are read as the admin's
 * browser takes them, never held whole in memory.
 */
export async function backupRoutes(app: App) {
  const { restores } = app.services

  // While a restore replaces the database, nothing else reads or writes it from here; /healthz
  // still answers, so a supervisor does not restart the process in the middle of it.
  app.addHook('onRequest', async (req, reply) => {
    if (!restores.maintenance || req.url === '/healthz') return
    reply.header('retry-after', '60').header('cache-control', 'no-store')
    if (req.url.startsWith('/api/')) throw new AppError('unavailable', MAINTENANCE_MESSAGE)
    return reply.code(503).type('text/html; charset=utf-8').send(MAINTENANCE_PAGE)
  })

  await adminScope(app, (scope) => restoreRoute(scope, restores))

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

    // The scheduled backups: the copies kept, the schedule, a run now, one copy.
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
