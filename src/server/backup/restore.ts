import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Config } from '../config.js'
import { openDatabase, type Database } from '../db/client.js'
import { lockDataDir } from '../db/data-dir-lock.js'
import { localKeys } from '../files/migrate-storage.js'
import { S3Storage } from '../files/s3-storage.js'
import { BACKUP_FORMAT, type BackupInfo } from './archive.js'
import { keepKey, readStoredKey } from './backup-key.js'
import { RestoreRefused } from './restore-refused.js'
import { dropCopies, loadDump, placeFiles, stageArchive, unplaceFiles } from './restore-steps.js'
import type { UnpackOptions } from './unpack.js'

export { checkDump, runDump } from './load-dump.js'
export { MISSING_KEY, RestoreRefused } from './restore-refused.js'
export { unpackBackup, type UnpackOptions } from './unpack.js'

export interface RestoreSummary {
  info: BackupInfo
  files: number
  /** Where the database went: `pglite` (DATA_DIR/db) or `postgres`. */
  database: Database['kind']
}

/** Whether a database holds any table, sequence or view outside the system schemas. */
async function databaseIsEmpty(database: Database) {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_%' and c.relkind in ('r', 'p', 'S', 'v', 'm')`,
  )) as unknown as { rows: { n: number }[] }
  return result.rows[0]!.n === 0
}

/**
 * `npm run restore`: the archive into an empty target — DATA_DIR (PGlite and its files) or the
 * empty PostgreSQL database of DATABASE_URL, the files into DATA_DIR/files or the S3 bucket.
 * The target is checked before anything is written and the archive before anything reaches
 * the target; the database is loaded in one transaction, so a failure leaves nothing behind.
 */
export async function restoreBackup(
  archive: string,
  config: Config,
  say: (line: string) => void = () => {},
  opts: UnpackOptions = {},
): Promise<RestoreSummary> {
  if (!existsSync(archive)) throw new RestoreRefused(`Arquivo não encontrado: ${archive}`)
  // The key the archive must be signed with: the owner's (flag or BACKUP_KEY), else this
  // DATA_DIR's own (a restore on the machine that made the backup).
  const key = opts.key ?? config.backupKey ?? readStoredKey(config.dataDir)
  const bucket = config.s3 ? new S3Storage(config.s3) : undefined
  let postgres: Database | undefined
  let staging: string | undefined
  let unlock: (() => void) | undefined
  try {
    // 1. The target must be empty: nothing is written before these checks.
    if (config.databaseUrl) {
      postgres = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
      if (!(await databaseIsEmpty(postgres))) {
        throw new RestoreRefused(
          'O banco de DATABASE_URL não está vazio: restaure num banco novo (CREATE DATABASE ...).',
        )
      }
    } else {
      // The folder is this restore's until it ends: a server started on it meanwhile refuses it
      // instead of seeding a demo store into the files being moved in.
      await mkdir(config.dataDir, { recursive: true })
      unlock = lockDataDir(config.dataDir)
      if (existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) {
        throw new RestoreRefused(
          `DATA_DIR ${config.dataDir} já tem um banco de dados: restaure numa pasta vazia.`,
        )
      }
    }
    if (!bucket && (await localKeys(config.filesDir)).length > 0) {
      throw new RestoreRefused(`${config.filesDir} já tem arquivos: restaure num DATA_DIR vazio.`)
    }
    if (bucket) await bucket.check()

    // 2. The archive, unpacked beside the target and checked whole; a bucket gets its files.
    staging = path.join(config.dataDir, `.restore-${randomUUID()}`)
    await mkdir(staging, { recursive: true })
    const { info, manifest, dumpPath, stagedFiles, copied } = await stageArchive(
      archive,
      staging,
      bucket,
      say,
      { ...opts, key },
    )

    // 3. The database, in one transaction; the files folder moves in just before it commits.
    say('Carregando o banco de dados...')
    try {
      if (postgres) {
        await loadDump(postgres, dumpPath, {
          beforeCommit: async () => {
            if (!bucket) await placeFiles(stagedFiles, config.filesDir)
          },
        })
      } else {
        const pglite = await openDatabase({ dataDir: staging, empty: true })
        try {
          await loadDump(pglite, dumpPath)
        } finally {
          await pglite.close()
        }
        if (!bucket) await placeFiles(stagedFiles, config.filesDir)
        await rename(path.join(staging, 'db'), path.join(config.dataDir, 'db'))
      }
    } catch (error) {
      await dropCopies(bucket, copied)
      if (!bucket) await unplaceFiles(stagedFiles, config.filesDir)
      throw error
    }
    // The restored store signs its next backups with the key its owner already keeps.
    if (key && !config.backupKey && info.format === BACKUP_FORMAT)
      await keepKey(config.dataDir, key)
    return { info, files: manifest.files.length, database: postgres ? 'postgres' : 'pglite' }
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true })
    await postgres?.close()
    bucket?.close()
    unlock?.()
  }
}
