/**
 * Restoring a backup from the Backup tab (decision 022): one at a time per store, the store in
 * maintenance from the moment the archive is found good until it is back, and every refusal
 * told in Portuguese with the store left as it was (backup/restore-live.ts does the work, on the
 * same steps as `npm run restore`).
 */
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import type { RestoreAnswer } from '../../../contracts/backup.js'
import { BackupKeyError, parseBackupKey } from '../../backup/backup-key.js'
import { RestoreBusy, restoreOverStore } from '../../backup/restore-live.js'
import { ArchiveDamaged, RestoreRefused } from '../../backup/restore-refused.js'
import type { Config } from '../../config.js'
import type { Database } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { receiveToTemp } from '../../files/temp-file.js'

const BUSY = 'Já há uma restauração de backup em andamento. Espere ela terminar.'
const DAMAGED =
  'O arquivo enviado está danificado ou não é um backup desta loja (loja-AAAA-MM-DD.tar.gz). Nada foi mudado.'
/** gzip's first two bytes: anything else is not an archive the store wrote. */
const GZIP = Buffer.from([0x1f, 0x8b])

export interface RestoreDeps {
  database: Database
  config: Config
  log: FastifyBaseLogger
  /** Every cache of what the database held is read again (here and on the other instances). */
  restored: () => Promise<void> | void
}

const megabytes = (bytes: number) => `${Math.floor(bytes / 1024 ** 2).toLocaleString('pt-BR')} MB`

export function createRestoreService(deps: RestoreDeps) {
  const { config, log } = deps
  const maxBytes = config.backups.restoreMaxBytes
  const tooLarge = `Backup grande demais para restaurar pelo painel (o limite é ${megabytes(maxBytes)}): use npm run restore no servidor.`
  let running = false
  let maintenance = false

  /** The one restore slot of this instance, or a 409: taken before the upload is read. */
  function claim(): () => void {
    if (running) throw new AppError('conflict', BUSY)
    running = true
    return () => {
      running = false
    }
  }

  return {
    tooLarge,
    maxBytes,
    claim,

    /** While a restore replaces the database: every other request is answered 503. */
    get maintenance() {
      return maintenance
    },

    /** The key as she typed it, or the 400 saying what it must look like (before any upload). */
    parseKey(text: string): string {
      try {
        return parseBackupKey(text)
      } catch (error) {
        if (error instanceof BackupKeyError) throw new AppError('bad_request', error.message)
        throw error
      }
    },

    /** The uploaded archive, to a temporary file under DATA_DIR, cut at the limit. */
    async receive(upload: Readable): Promise<string> {
      const dir = path.join(config.tmpDir, 'restore')
      await mkdir(dir, { recursive: true })
      const file = await receiveToTemp(upload, {
        dir,
        maxBytes,
        tooLarge,
        detect: (head) => {
          if (!head.subarray(0, 2).equals(GZIP)) throw new AppError('bad_request', DAMAGED)
          return { mimeType: 'application/gzip', ext: 'tar.gz' }
        },
      })
      return file.path
    },

    /** Restores `archive` (removed after) over the running store; the caller holds `claim()`. */
    async restore(archive: string, key: string): Promise<RestoreAnswer> {
      try {
        const summary = await restoreOverStore(archive, deps, key, {
          say: (line) => log.info(line),
          verified: () => {
            maintenance = true
          },
        })
        await deps.restored()
        const tables = summary.info.tables
        log.info({ createdAt: summary.info.createdAt }, 'backup restored from the admin')
        return {
          createdAt: summary.info.createdAt,
          products: tables['public.products'] ?? 0,
          orders: tables['public.orders'] ?? 0,
          files: summary.files,
        }
      } catch (error) {
        if (error instanceof RestoreBusy) throw new AppError('conflict', BUSY)
        // The reader's own words (zlib's, tar's) mean nothing to her: the file is damaged.
        if (error instanceof ArchiveDamaged) throw new AppError('bad_request', DAMAGED)
        if (error instanceof RestoreRefused) throw new AppError('bad_request', unchanged(error))
        if (error instanceof AppError) throw error
        log.error({ err: error }, 'restore from the admin failed')
        // A gzip or tar that ends early or is not one: the archive, not the store.
        if (isArchiveDamage(error)) throw new AppError('bad_request', DAMAGED)
        throw new AppError(
          'unavailable',
          'A restauração falhou e a loja continua como estava. Veja o registro do servidor para o detalhe.',
        )
      } finally {
        maintenance = false
        await rm(archive, { force: true })
      }
    },
  }
}

/** A refusal's words, saying (once) that the store did not change. */
function unchanged(error: Error): string {
  const text = error.message.trim()
  return /Nada foi/.test(text) ? text : `${text.replace(/\.?$/, '.')} Nada foi mudado na loja.`
}

/** zlib's and tar-stream's errors for a file that is not whole (or not gzip, or not tar). */
function isArchiveDamage(error: unknown): boolean {
  const e = error as { code?: string; message?: string }
  return (
    (typeof e.code === 'string' && e.code.startsWith('Z_')) ||
    /unexpected end of data|invalid tar header|incorrect header check|unexpected end of file/i.test(
      e.message ?? '',
    )
  )
}

export type RestoreService = ReturnType<typeof createRestoreService>
