import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../config.js'
import type * as Paths from '../paths.js'
import { openDatabase, type Database } from '../db/client.js'
import { createStorage } from '../files/create-storage.js'
import { createFreshDatabase } from '../testing/test-app.js'
import { readStoredKey } from './backup-key.js'
import { migrateWithBackup, pendingMigrations, PremigrateRefused } from './premigrate.js'
import { verifyArchive } from './verified-copy.js'

// The store's migrations, and a copy without the newest: a database migrated with the copy
// has exactly one migration pending when the store's own folder is used again.
const migrations = vi.hoisted(() => ({ dir: '' }))
vi.mock('../paths.js', async (original) => {
  const real = await original<typeof Paths>()
  migrations.dir = real.migrationsDir
  return {
    ...real,
    get migrationsDir() {
      return migrations.dir
    },
  }
})

let dataDir: string
let storeMigrations: string
let olderMigrations: string
let newest: string
let database: Database
let dropDatabase = async () => {}

const configWith = (env: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env })

const tableExists = async (name: string) => {
  const result = (await database.db.execute(
    sql`select to_regclass(${`public.${name}`}) is not null as present`,
  )) as unknown as { rows: { present: boolean }[] }
  return result.rows[0]!.present
}

/** A fresh database migrated up to the one before the newest migration. */
async function openOlderStore() {
  await database?.close()
  await dropDatabase()
  if (process.env.DATABASE_URL) {
    const fresh = await createFreshDatabase(process.env.DATABASE_URL)
    dropDatabase = fresh.drop
    database = await openDatabase({ url: fresh.url, dataDir: 'memory://' })
  } else {
    dropDatabase = async () => {}
    database = await openDatabase({ dataDir: 'memory://' })
  }
  migrations.dir = olderMigrations
  await database.migrate()
  migrations.dir = storeMigrations
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'loja-premigrate-'))
  storeMigrations = migrations.dir
  olderMigrations = path.join(dataDir, 'older-migrations')
  await cp(storeMigrations, olderMigrations, { recursive: true })
  const journalPath = path.join(olderMigrations, 'meta', '_journal.json')
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { tag: string }[]
  }
  newest = journal.entries.pop()!.tag
  await writeFile(journalPath, JSON.stringify(journal))
  if (process.env.DATABASE_URL) {
    const fresh = await createFreshDatabase(process.env.DATABASE_URL)
    dropDatabase = fresh.drop
    database = await openDatabase({ url: fresh.url, dataDir: 'memory://' })
  } else {
    database = await openDatabase({ dataDir: 'memory://' })
  }
}, 60_000)

afterAll(async () => {
  await database?.close()
  await dropDatabase()
  await rm(dataDir, { recursive: true, force: true })
})

describe('the backup before pending migrations', () => {
  it('migrates a new database without one: there is nothing to keep', async () => {
    const config = configWith()
    expect(await pendingMigrations(database)).toBeNull()
    const report = await migrateWithBackup(
      { database, storage: createStorage(config), config },
      () => {},
    )
    expect(report.backup).toBeNull()
    expect(await pendingMigrations(database)).toEqual([])
    expect(await tableExists('backup_copies')).toBe(true)
  })

  it('refuses to migrate when the backup cannot be written, naming SKIP_PREMIGRATE_BACKUP=1', async () => {
    await openOlderStore()
    expect(await pendingMigrations(database)).toEqual([newest])
    await database.db.execute(sql`create table premigrate_probe (id int)`)
    // BACKUP_DIR is a file: nothing can be written there.
    const blocked = path.join(dataDir, 'not-a-folder')
    await writeFile(blocked, 'x')
    const config = configWith({ BACKUP_DIR: blocked })
    const attempt = migrateWithBackup(
      { database, storage: createStorage(config), config },
      () => {},
    )
    await expect(attempt).rejects.toBeInstanceOf(PremigrateRefused)
    await expect(attempt).rejects.toThrow(/SKIP_PREMIGRATE_BACKUP=1/)
    await expect(attempt).rejects.toThrow(/Nada foi migrado/)
    expect(await pendingMigrations(database)).toEqual([newest])
  })

  it('takes a verified backup of the store as it was, then migrates', async () => {
    const config = configWith()
    const said: string[] = []
    const report = await migrateWithBackup(
      { database, storage: createStorage(config), config },
      (line) => said.push(line),
    )
    expect(report.pending).toEqual([newest])
    expect(report.backup).toMatchObject({ verified: true, where: ['dir'] })
    expect(said[0]).toContain(`Migrações pendentes (${newest})`)
    // The archive holds the database as it was before the migration.
    const file = path.join(config.backups.dir, report.backup!.name)
    expect(await readdir(config.backups.dir)).toContain(report.backup!.name)
    const { info } = await verifyArchive(file, readStoredKey(dataDir)!)
    expect(Object.keys(info.tables)).toContain('public.premigrate_probe')
    expect(await pendingMigrations(database)).toEqual([])
  }, 60_000)

  it('migrates without the backup when the owner sets SKIP_PREMIGRATE_BACKUP=1', async () => {
    await openOlderStore()
    const blocked = path.join(dataDir, 'not-a-folder')
    const config = configWith({ BACKUP_DIR: blocked, SKIP_PREMIGRATE_BACKUP: '1' })
    const said: string[] = []
    const report = await migrateWithBackup(
      { database, storage: createStorage(config), config },
      (line) => said.push(line),
    )
    expect(report.backup).toBeNull()
    expect(said.join('\n')).toMatch(/sem backup/)
    expect(await pendingMigrations(database)).toEqual([])
  })
})
