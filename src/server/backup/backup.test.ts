import { createHash } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { gunzipSync, gzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import type { App } from '../app-types.js'
import { loadConfig } from '../config.js'
import { openDatabase, type Database } from '../db/client.js'
import { DataDirInUseError } from '../db/data-dir-lock.js'
import { createStorage } from '../files/create-storage.js'
import { localKeys } from '../files/migrate-storage.js'
import type { FileStorage } from '../files/storage.js'
import { adminSession, customerSession, login, TEST_ADMIN } from '../testing/auth.js'
import { buyAsGuest, grantedDownload } from '../testing/downloads.js'
import { createFreshDatabase, createTestStore, type TestStore } from '../testing/test-app.js'
import { formData, productFields, requiredFiles, sendForm } from '../testing/uploads.js'
import { startBackup } from './archive.js'
import { storeBackupKey } from './backup-key.js'
import { RestoreRefused, restoreBackup } from './restore.js'

/** The tables whose rows must come back identical (ids, hashes, download counts, timestamps). */
const TABLES = [
  'products',
  'product_files',
  'users',
  'orders',
  'order_items',
  'purchases',
  'download_log',
]

let source: TestStore
let work: string
let archive: string
let customer: { email: string; password: string }
/** The source store's backup key, handed to every restore as its owner would (BACKUP_KEY). */
let backupKey: string
const opened: { app: App; database: Database }[] = []

function envFor(dataDir: string, databaseUrl?: string) {
  return {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    SESSION_SECRET: 'test-secret-test-secret-test-secret',
    BACKUP_KEY: backupKey,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }
}

/** A store as `npm start` opens a restored target (no admin re-created, no seed). */
async function openStore(dataDir: string, databaseUrl?: string) {
  const config = loadConfig(envFor(dataDir, databaseUrl))
  const database = await openDatabase({ url: config.databaseUrl, dataDir })
  await database.migrate()
  const storage = createStorage(config)
  const app = await buildApp({ config, database, storage, backgroundJobs: false })
  await app.ready()
  opened.push({ app, database })
  return { app, database, storage }
}

/** A table's rows as the database itself writes them in JSON: the same on PGlite and PostgreSQL. */
async function rowsOf(database: Database, table: string) {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`)
    const result = (await tx.execute(
      sql.raw(`select to_jsonb(t)::text as row from ${table} t order by 1`),
    )) as unknown as { rows: { row: string }[] }
    return result.rows.map((r) => JSON.parse(r.row) as Record<string, unknown>)
  })
}

async function filesOf(storage: FileStorage, keys: string[]) {
  const hashes: Record<string, string> = {}
  for (const key of keys) {
    const hash = createHash('sha256')
    await pipeline(storage.read(key), hash)
    hashes[key] = hash.digest('hex')
  }
  return hashes
}

/** The restored store holds what the source held, and works: logins, new rows, downloads. */
async function expectSameStore(restored: Awaited<ReturnType<typeof openStore>>, filesDir?: string) {
  for (const table of TABLES) {
    expect(await rowsOf(restored.database, table), table).toEqual(
      await rowsOf(source.database, table),
    )
  }
  const purchases = (await rowsOf(restored.database, 'purchases')) as { download_count: number }[]
  expect(purchases[0]!.download_count).toBe(1)
  const keys = await localKeys(path.join(source.dataDir, 'files'))
  expect(keys.length).toBeGreaterThan(1)
  if (filesDir) expect(await localKeys(filesDir)).toEqual(keys)
  expect(await filesOf(restored.storage, keys)).toEqual(await filesOf(source.storage, keys))
  expect((await login(restored.app, customer.email, customer.password)).statusCode).toBe(200)
  expect((await login(restored.app, TEST_ADMIN.email, TEST_ADMIN.password)).statusCode).toBe(200)
  // Sequences came along: the next product gets a fresh id, not one already taken.
  const admin = await adminSession(restored.app)
  const created = await sendForm(
    { app: restored.app } as TestStore,
    '/api/products',
    formData(productFields({ name: 'Depois da restauração' }), await requiredFiles()),
    admin.cookie,
  )
  expect(created.statusCode).toBe(201)
}

function isEmptyDir(dir: string) {
  return !existsSync(dir) || readdirSync(dir).length === 0
}

beforeAll(async () => {
  // The source is PGlite even where DATABASE_URL is set: the owner's usual starting point.
  source = await createTestStore({ pglite: true })
  work = await mkdtemp(path.join(tmpdir(), 'loja-backup-test-'))
  backupKey = await storeBackupKey(source.app.deps.config)
  const admin = await adminSession(source.app)
  const created = await sendForm(
    source,
    '/api/products',
    formData(
      productFields({ name: 'Caderno com\nquebra de linha e \\ barra' }),
      await requiredFiles(),
    ),
    admin.cookie,
  )
  expect(created.statusCode).toBe(201)
  const productId = created.json<{ id: number }>().id
  const buyer = await buyAsGuest(source, productId)
  await grantedDownload(source, buyer, productId)
  const password = 'senha-forte-123'
  customer = { email: (await customerSession(source.app, { password })).email, password }
})

afterAll(async () => {
  for (const { app, database } of opened) {
    await app.close()
    await database.close()
  }
  await source?.close()
  await rm(work, { recursive: true, force: true })
})

describe('backup and restore on PGlite', () => {
  it('streams the archive to the admin only, as an attachment', async () => {
    expect((await source.app.inject({ method: 'GET', url: '/api/admin/backup' })).statusCode).toBe(
      401,
    )
    const other = await customerSession(source.app)
    const refused = await source.app.inject({
      method: 'GET',
      url: '/api/admin/backup',
      headers: { cookie: other.cookie },
    })
    expect(refused.statusCode).toBe(403)
    const { cookie } = await adminSession(source.app)
    const res = await source.app.inject({
      method: 'GET',
      url: '/api/admin/backup',
      headers: { cookie },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/gzip')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="loja-\d{4}-\d\d-\d\d\.tar\.gz"$/,
    )
    expect(res.headers['content-length']).toBeUndefined()
    archive = path.join(work, 'loja.tar.gz')
    await writeFile(archive, res.rawPayload)
  })

  it('stops reading, and keeps running, when the reader goes away mid-archive', async () => {
    const { stream } = await startBackup({
      database: source.database,
      storage: source.storage,
      config: source.app.deps.config,
    })
    await new Promise((resolve) => stream.once('data', resolve))
    stream.destroy()
    await new Promise((resolve) => setImmediate(resolve))
    const { cookie } = await adminSession(source.app)
    const again = await source.app.inject({
      method: 'GET',
      url: '/api/admin/backup',
      headers: { cookie },
    })
    expect(again.statusCode).toBe(200)
  })

  it('restores into an empty DATA_DIR: same rows, logins, download counts and files', async () => {
    const target = path.join(work, 'restored')
    const config = loadConfig(envFor(target))
    const summary = await restoreBackup(archive, config)
    expect(summary.database).toBe('pglite')
    expect(readdirSync(target).sort()).toEqual(['db', 'files'])
    await expectSameStore(await openStore(target), config.filesDir)
  })

  it('refuses a target that is not empty, writing nothing', async () => {
    const target = path.join(work, 'restored')
    const before = readdirSync(target).sort()
    await expect(restoreBackup(archive, loadConfig(envFor(target)))).rejects.toThrow(
      /já tem um banco/,
    )
    expect(readdirSync(target).sort()).toEqual(before)
  })

  it('refuses an archive with a corrupted file, leaving the target empty', async () => {
    const tarBytes = gunzipSync(await readFile(archive))
    const at = tarBytes.indexOf('%PDF-1.4') + 20
    tarBytes[at] = tarBytes[at]! ^ 0xff
    const corrupted = path.join(work, 'corrompido.tar.gz')
    await writeFile(corrupted, gzipSync(tarBytes))
    const target = path.join(work, 'from-corrupted')
    await expect(restoreBackup(corrupted, loadConfig(envFor(target)))).rejects.toThrow(
      /Arquivo corrompido no backup: files\/.+\(SHA-256 diferente\)/,
    )
    expect(isEmptyDir(target)).toBe(true)
    // A cut archive is refused the same way.
    const cut = path.join(work, 'cortado.tar.gz')
    await writeFile(cut, (await readFile(archive)).subarray(0, 2000))
    await expect(restoreBackup(cut, loadConfig(envFor(target)))).rejects.toBeInstanceOf(
      RestoreRefused,
    )
    expect(isEmptyDir(target)).toBe(true)
  })

  it('will not open a PGlite folder another live process holds', async () => {
    // The restored folder is open in this process (its lock is ours): say another process holds it.
    const dir = path.join(work, 'restored')
    await writeFile(path.join(dir, 'db.lock'), String(process.ppid))
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirInUseError)
  })
})

const serverUrl = process.env.DATABASE_URL
describe.skipIf(!serverUrl)('backup and restore on PostgreSQL', () => {
  const dropped: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const { app, database } of opened.splice(0)) {
      await app.close()
      await database.close()
    }
    for (const drop of dropped) await drop()
  })

  async function freshDatabase() {
    const fresh = await createFreshDatabase(serverUrl!)
    dropped.push(fresh.drop)
    return fresh.url
  }

  it('restores a PGlite backup on PostgreSQL, then PostgreSQL to PostgreSQL and back to PGlite', async () => {
    const pgUrl = await freshDatabase()
    const pgDir = path.join(work, 'pg-1')
    await restoreBackup(archive, loadConfig(envFor(pgDir, pgUrl)))
    const onPg = await openStore(pgDir, pgUrl)
    await expectSameStore(onPg)

    // Another restore into the same database is refused.
    await expect(
      restoreBackup(archive, loadConfig(envFor(path.join(work, 'pg-x'), pgUrl))),
    ).rejects.toThrow(/não está vazio/)

    // Taken from PostgreSQL now (the product made after the restore included).
    const { stream } = await startBackup({
      database: onPg.database,
      storage: onPg.storage,
      config: loadConfig(envFor(pgDir, pgUrl)),
    })
    const pgArchive = path.join(work, 'pg.tar.gz')
    await writeFile(pgArchive, Buffer.concat(await stream.toArray()))
    const secondUrl = await freshDatabase()
    await restoreBackup(pgArchive, loadConfig(envFor(path.join(work, 'pg-2'), secondUrl)))
    const back = path.join(work, 'back-to-pglite')
    await restoreBackup(pgArchive, loadConfig(envFor(back)))
    for (const restored of [
      await openStore(path.join(work, 'pg-2'), secondUrl),
      await openStore(back),
    ]) {
      for (const table of TABLES) {
        expect(await rowsOf(restored.database, table), table).toEqual(
          await rowsOf(onPg.database, table),
        )
      }
      expect((await login(restored.app, customer.email, customer.password)).statusCode).toBe(200)
    }
  })
})
