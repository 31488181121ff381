/**
 * Start-up applies pending migrations; before it does, the store takes a verified backup
 *, so an update that goes wrong can be undone with `npm run restore`. If that backup
 * cannot be taken the store refuses to migrate, and says how to go on without it.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Config } from '../config.js'
import type { Database } from '../db/client.js'
import type { FileStorage } from '../files/storage.js'
import { migrationsDir } from '../paths.js'
import { backupDestinations, scheduledBackupName } from './destinations.js'
import { writeVerifiedCopy, type WrittenCopy } from './verified-copy.js'

interface JournalEntry {
  tag: string
  when: number
}

/** The migrations this code has, in order, as drizzle's journal lists them. */
export function knownMigrations(): JournalEntry[] {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] }
  return journal.entries
}

/**
 * The migrations this code has that the database has not applied, in order (drizzle's own
 * rule: those newer than the last one recorded). Null when the database has never been
 * migrated: a new store, with nothing to keep.
 */
export async function pendingMigrations(database: Database): Promise<string[] | null> {
  const journal = { entries: knownMigrations() }
  const exists = (await database.db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as unknown as { rows: { present: boolean }[] }
  if (!exists.rows[0]?.present) return null
  const last = (await database.db.execute(
    sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { at: string | null }[] }
  const applied = Number(last.rows[0]?.at ?? 0)
  return journal.entries.filter((e) => e.when > applied).map((e) => e.tag)
}

export class PremigrateRefused extends Error {}

export const skipHint = (reason: string) =>
  `Não foi possível fazer o backup antes de aplicar as migrações pendentes (${reason}). ` +
  'Nada foi migrado e a loja não iniciou. Corrija o problema (espaço em disco, BACKUP_DIR, ' +
  'BACKUP_S3_*) e inicie de novo; para migrar mesmo assim, sem esse backup, inicie com ' +
  'SKIP_PREMIGRATE_BACKUP=1.'

export interface MigrateReport {
  pending: string[]
  /** The backup taken first, to record once its table exists (after the migration). */
  backup: WrittenCopy | null
}

/**
 * Applies pending migrations, taking a verified backup first when there are any on a store that
 * already has data. Throws PremigrateRefused (nothing migrated) when that backup fails or is not
 * verified, unless the configuration skips it.
 */
export async function migrateWithBackup(
  source: { database: Database; storage: FileStorage; config: Config },
  say: (line: string) => void,
  now: () => Date = () => new Date(),
): Promise<MigrateReport> {
  const { database, config } = source
  const pending = await pendingMigrations(database)
  if (pending === null || pending.length === 0 || config.backups.skipPremigrate) {
    if (pending?.length && config.backups.skipPremigrate) {
      say(`SKIP_PREMIGRATE_BACKUP=1: migrações ${pending.join(', ')} aplicadas sem backup antes.`)
    }
    await database.migrate()
    return { pending: pending ?? [], backup: null }
  }
  say(`Migrações pendentes (${pending.join(', ')}): fazendo um backup antes de aplicá-las...`)
  const destinations = backupDestinations(config)
  let backup: WrittenCopy
  try {
    const at = now()
    backup = await writeVerifiedCopy(source, destinations, {
      dir: config.backups.dir,
      name: scheduledBackupName(at),
      at,
    })
  } catch (error) {
    throw new PremigrateRefused(skipHint((error as Error).message))
  } finally {
    for (const destination of destinations) destination.close()
  }
  if (!backup.verified) throw new PremigrateRefused(skipHint(backup.problem ?? 'não conferido'))
  say(`Backup conferido: ${path.join(config.backups.dir, backup.name)}`)
  await database.migrate()
  return { pending, backup }
}
