/**
 * The Backup tab's restore (docs/decisions/022-backup-and-restore.md): an archive the owner
 * uploaded, put over the running store. Checked whole as `npm run restore` checks it, with the
 * key she typed, before anything changes; then, in one transaction on the store's own database,
 * every table goes and the dump comes in, the files folder swapped just before it commits. A
 * failure anywhere rolls back and puts the files back: the store is as it was.
 */
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../config.js'
import type { Database, ScriptExec } from '../db/client.js'
import { S3Storage } from '../files/s3-storage.js'
import { knownMigrations } from './premigrate.js'
import type { RestoreSummary } from './restore.js'
import { RestoreRefused } from './restore-refused.js'
import { dropCopies, loadDump, placeFiles, stageArchive } from './restore-steps.js'

/** Held by the restoring transaction, so two instances on one PostgreSQL never restore at once. */
const RESTORE_LOCK = 7_702_202_611

export class RestoreBusy extends Error {}

/**
 * Every table and sequence outside the system schemas, dropped inside the restore's
 * transaction (the schemas stay; the dump makes its own if missing). On PostgreSQL the other
 * instances' queries wait on these locks until it commits.
 */
const DROP_EVERYTHING = `DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT n.nspname, c.relname, c.relkind FROM pg_catalog.pg_class c
    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p', 'S', 'v', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
      AND n.nspname NOT LIKE 'pg\\_%' AND c.relispartition IS NOT TRUE
    ORDER BY c.relkind DESC
  LOOP
    EXECUTE format(
      CASE r.relkind WHEN 'S' THEN 'DROP SEQUENCE IF EXISTS %I.%I CASCADE'
        WHEN 'v' THEN 'DROP VIEW IF EXISTS %I.%I CASCADE'
        WHEN 'm' THEN 'DROP MATERIALIZED VIEW IF EXISTS %I.%I CASCADE'
        ELSE 'DROP TABLE IF EXISTS %I.%I CASCADE' END,
      r.nspname, r.relname);
  END LOOP;
END $$;`

/** Refuses, before it commits, a dump whose migrations this code does not know. */
async function refuseNewerSchema(exec: ScriptExec) {
  const [row] = await exec('SELECT max(created_at)::text AS at FROM drizzle.__drizzle_migrations')
  const newest = Math.max(0, ...knownMigrations().map((m) => m.when))
  if (Number(row?.at ?? 0) > newest) {
    throw new RestoreRefused(
      'Este backup foi feito por uma versão mais nova da loja: atualize a loja e restaure de novo. Nada foi mudado.',
    )
  }
}

export async function restoreOverStore(
  archive: string,
  deps: { database: Database; config: Config },
  key: string,
  steps: {
    say?: (line: string) => void
    /** The archive was found whole and signed with `key`: the store is about to change. */
    verified?: () => void
  } = {},
): Promise<RestoreSummary> {
  const say = steps.say ?? (() => {})
  const { database, config } = deps
  const bucket = config.s3 ? new S3Storage(config.s3) : undefined
  const staging = path.join(config.dataDir, `.restore-${randomUUID()}`)
  // The store's files as they were, kept until the restore commits (then removed with staging).
  const before = path.join(staging, 'files-before')
  try {
    await mkdir(staging, { recursive: true })
    if (bucket) await bucket.check()
    // Only a signed archive, checked with the key she typed: an unsigned one is the CLI's call.
    const staged = await stageArchive(archive, staging, bucket, say, { key })
    steps.verified?.()
    let moved = false
    say('Substituindo o banco de dados...')
    try {
      await loadDump(database, staged.dumpPath, {
        before: async (exec) => {
          const [lock] = await exec(`SELECT pg_try_advisory_xact_lock(${RESTORE_LOCK}) AS held`)
          if (!lock?.held) throw new RestoreBusy()
          await exec(DROP_EVERYTHING)
        },
        beforeCommit: async (exec) => {
          await refuseNewerSchema(exec)
          if (bucket) return
          if (existsSync(config.filesDir)) await rename(config.filesDir, before)
          moved = true
          await placeFiles(staged.stagedFiles, config.filesDir)
        },
      })
    } catch (error) {
      await dropCopies(bucket, staged.copied)
      if (moved) {
        await rm(config.filesDir, { recursive: true, force: true })
        if (existsSync(before)) await rename(before, config.filesDir)
      }
      throw error
    }
    // A backup from before an update: its store gets this code's newer migrations now.
    say('Aplicando as atualizações do banco...')
    await database.migrate()
    return { info: staged.info, files: staged.manifest.files.length, database: database.kind }
  } finally {
    await rm(staging, { recursive: true, force: true })
    bucket?.close()
  }
}
