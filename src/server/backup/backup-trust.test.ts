import { createHash } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import pg from 'pg'
import tar from 'tar-stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.js'
import { adminSession, customerSession } from '../testing/auth.js'
import { insertProduct } from '../testing/fixtures.js'
import { createFreshDatabase, createTestStore, type TestStore } from '../testing/test-app.js'
import { RestoreRefused, restoreBackup, unpackBackup } from './restore.js'

/**
 * A backup is authenticated (HMAC-SHA256 with the store's backup key) and
 * its entries are capped by the sizes it declares while they stream. Archives are crafted here
 * as an attacker would: tar-stream and gzip, the manifest's hashes recomputed.
 */

interface Entry {
  name: string
  body: Buffer
  /** The size the tar header claims, when it lies about the body (a streamed bomb). */
  stream?: { size: number; source: () => Readable }
}

let source: TestStore
let work: string
let archive: string
let key: string
const dropped: (() => Promise<void>)[] = []

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex')

async function readEntries(file: string): Promise<Entry[]> {
  const extract = tar.extract()
  const feeding = pipeline(Readable.from(await readFile(file)), createGunzip(), extract)
  const entries: Entry[] = []
  for await (const entry of extract) {
    const chunks: Buffer[] = []
    for await (const chunk of entry) chunks.push(chunk as Buffer)
    entries.push({ name: entry.header.name, body: Buffer.concat(chunks) })
  }
  await feeding
  return entries
}

async function writeArchive(file: string, entries: Entry[]) {
  const pack = tar.pack()
  const writing = pipeline(
    pack,
    createGzip({ level: 1 }),
    (await import('node:fs')).createWriteStream(file),
  )
  for (const entry of entries) {
    if (entry.stream) {
      await new Promise<void>((resolve, reject) => {
        const sink = pack.entry({ name: entry.name, size: entry.stream!.size }, (error) =>
          error ? reject(error) : resolve(),
        )
        entry.stream!.source().pipe(sink as unknown as NodeJS.WritableStream)
      })
    } else {
      await new Promise<void>((resolve, reject) =>
        pack.entry({ name: entry.name }, entry.body, (error) =>
          error ? reject(error) : resolve(),
        ),
      )
    }
  }
  pack.finalize()
  await writing
}

/** backup.json or manifest.json, as loosely as an attacker edits them. */
interface ArchiveJson {
  contents?: { database: number }
  database?: { size: number; sha256: string }
  [field: string]: unknown
}
const json = (entry: Entry) => JSON.parse(entry.body.toString('utf8')) as ArchiveJson
const toJson = (value: unknown) => Buffer.from(JSON.stringify(value, null, 2) + '\n')

function envFor(dataDir: string, databaseUrl?: string) {
  return {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    SESSION_SECRET: 'test-secret-test-secret-test-secret',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }
}

/** A stream of `size` zero bytes, made as it is read (never held whole). */
function zeros(size: number) {
  let left = size
  const chunk = Buffer.alloc(1024 * 1024)
  return new Readable({
    read() {
      if (left <= 0) return this.push(null)
      const n = Math.min(left, chunk.length)
      left -= n
      this.push(chunk.subarray(0, n))
    },
  })
}

/** The archive with `database.sql` replaced by `dump`, every hash and size recomputed. */
async function withDump(entries: Entry[], dump: Buffer): Promise<Entry[]> {
  return entries.map((entry) => {
    if (entry.name === 'database.sql') return { name: entry.name, body: dump }
    if (entry.name === 'manifest.json') {
      const manifest = json(entry)
      manifest.database = { size: dump.length, sha256: sha256(dump) }
      return { name: entry.name, body: toJson(manifest) }
    }
    if (entry.name === 'backup.json') {
      const info = json(entry)
      if (info.contents) info.contents.database = dump.length
      return { name: entry.name, body: toJson(info) }
    }
    return entry
  })
}

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0

beforeAll(async () => {
  source = await createTestStore({ pglite: true })
  work = await mkdtemp(path.join(tmpdir(), 'loja-backup-trust-'))
  await insertProduct(source, { name: 'Caderno de rimas' })
  const admin = await adminSession(source.app)
  const res = await source.app.inject({
    method: 'GET',
    url: '/api/admin/backup',
    headers: { cookie: admin.cookie },
  })
  expect(res.statusCode).toBe(200)
  archive = path.join(work, 'loja.tar.gz')
  await writeFile(archive, res.rawPayload)
  const shown = await source.app.inject({
    method: 'GET',
    url: '/api/admin/backup/key',
    headers: { cookie: admin.cookie },
  })
  key = shown.json<{ key: string }>().key
})

afterAll(async () => {
  await source?.close()
  for (const drop of dropped) await drop()
  await rm(work, { recursive: true, force: true })
})

describe('the backup key in the admin Backup tab', () => {
  it('is shown to the admin only, and is what the store signs with', async () => {
    expect(key).toMatch(/^[0-9a-f]{64}$/)
    const anonymous = await source.app.inject({ method: 'GET', url: '/api/admin/backup/key' })
    expect(anonymous.statusCode).toBe(401)
    const customer = await customerSession(source.app)
    const refused = await source.app.inject({
      method: 'GET',
      url: '/api/admin/backup/key',
      headers: { cookie: customer.cookie },
    })
    expect(refused.statusCode).toBe(403)
    expect(await readFile(path.join(source.dataDir, 'backup.key'), 'utf8')).toContain(key)
    expect((await stat(path.join(source.dataDir, 'backup.key'))).mode & 0o077).toBe(0)
  })

  it('restores a signed backup with that key onto a fresh machine, which keeps the key', async () => {
    const target = path.join(work, 'legit')
    const summary = await restoreBackup(archive, loadConfig(envFor(target)), () => {}, { key })
    expect(summary.database).toBe('pglite')
    expect((await readFile(path.join(target, 'backup.key'), 'utf8')).trim()).toBe(key)
  })
})

describe('a tampered backup is refused, nothing written', () => {
  const targets: { name: string; make: () => Promise<{ dir: string; url?: string }> }[] = [
    { name: 'PGlite', make: async () => ({ dir: path.join(work, `pglite-${Math.random()}`) }) },
  ]
  if (process.env.DATABASE_URL) {
    targets.push({
      name: 'PostgreSQL',
      make: async () => {
        const fresh = await createFreshDatabase(process.env.DATABASE_URL!)
        dropped.push(fresh.drop)
        return { dir: path.join(work, `pg-${Math.random()}`), url: fresh.url }
      },
    })
  }

  for (const target of targets) {
    it(`on ${target.name}: database.sql with COPY … TO PROGRAM and CREATE ROLE … SUPERUSER, manifest recomputed`, async () => {
      const marker = path.join(work, `pwned-${target.name}`)
      const role = `intruso_${target.name.toLowerCase()}`
      const entries = await readEntries(archive)
      const dump = entries.find((e) => e.name === 'database.sql')!.body
      const evil = Buffer.concat([
        dump,
        Buffer.from(
          `COPY (SELECT 1) TO PROGRAM 'touch ${marker}';\nCREATE ROLE ${role} LOGIN SUPERUSER PASSWORD 'x';\n`,
        ),
      ])
      const crafted = path.join(work, `evil-${target.name}.tar.gz`)
      await writeArchive(crafted, await withDump(entries, evil))
      const { dir, url } = await target.make()
      await expect(
        restoreBackup(crafted, loadConfig(envFor(dir, url)), () => {}, { key }),
      ).rejects.toThrow(/assinatura do backup não confere/)
      expect(isEmptyDir(path.join(dir, 'files'))).toBe(true)
      expect(existsSync(path.join(dir, 'db'))).toBe(false)
      expect(existsSync(marker)).toBe(false)
      if (url) {
        const client = new pg.Client({ connectionString: url })
        await client.connect()
        try {
          const roles = await client.query('select 1 from pg_roles where rolname = $1', [role])
          expect(roles.rowCount).toBe(0)
          const tables = await client.query(
            "select 1 from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
          )
          expect(tables.rowCount).toBe(0)
        } finally {
          await client.end()
        }
      }
    })
  }

  it('an archive without signature (the format before this change) unless the owner says so', async () => {
    const entries = (await readEntries(archive)).filter((e) => !e.name.endsWith('.sig'))
    const legacy = entries.map((entry) => {
      if (entry.name !== 'backup.json') return entry
      const { contents: _contents, ...info } = json(entry)
      return { name: entry.name, body: toJson({ ...info, format: 1 }) }
    })
    const unsigned = path.join(work, 'antigo.tar.gz')
    await writeArchive(unsigned, legacy)
    const target = path.join(work, 'from-unsigned')
    await expect(
      restoreBackup(unsigned, loadConfig(envFor(target)), () => {}, { key }),
    ).rejects.toThrow(/sem assinatura/)
    expect(isEmptyDir(target) || !existsSync(path.join(target, 'db'))).toBe(true)
    // The owner's own old backup, accepted explicitly.
    const summary = await restoreBackup(unsigned, loadConfig(envFor(target)), () => {}, {
      key,
      allowUnsigned: true,
    })
    expect(summary.database).toBe('pglite')
  })

  it('an unsigned archive the owner accepted still runs only the statements a dump writes', async () => {
    const marker = path.join(work, 'pwned-unsigned')
    const entries = (await readEntries(archive)).filter((e) => !e.name.endsWith('.sig'))
    const dump = entries.find((e) => e.name === 'database.sql')!.body
    const evil = Buffer.concat([
      dump,
      Buffer.from(
        `COPY (SELECT 1) TO PROGRAM 'touch ${marker}';\nCREATE ROLE intruso LOGIN SUPERUSER;\n`,
      ),
    ])
    const legacy = (await withDump(entries, evil)).map((entry) => {
      if (entry.name !== 'backup.json') return entry
      const { contents: _contents, ...info } = json(entry)
      return { name: entry.name, body: toJson({ ...info, format: 1 }) }
    })
    const crafted = path.join(work, 'antigo-malicioso.tar.gz')
    await writeArchive(crafted, legacy)
    const target = path.join(work, 'from-unsigned-evil')
    await expect(
      restoreBackup(crafted, loadConfig(envFor(target)), () => {}, { allowUnsigned: true }),
    ).rejects.toThrow(/comando que o backup não escreve: COPY/)
    expect(existsSync(path.join(target, 'db'))).toBe(false)
    expect(existsSync(marker)).toBe(false)
  })

  it('a backup signed with another key', async () => {
    const target = path.join(work, 'other-key')
    await expect(
      restoreBackup(archive, loadConfig(envFor(target)), () => {}, { key: 'ab'.repeat(32) }),
    ).rejects.toThrow(/outra chave/)
    expect(existsSync(path.join(target, 'db'))).toBe(false)
  })

  it('with no key at hand: says where to find it', async () => {
    const target = path.join(work, 'no-key')
    await expect(restoreBackup(archive, loadConfig(envFor(target)))).rejects.toThrow(
      /BACKUP_KEY|--chave/,
    )
  })
})

describe('sizes are capped while streaming', () => {
  it('an entry larger than declared is refused before any of it is written', async () => {
    const entries = await readEntries(archive)
    const huge = 64 * 1024 * 1024
    const bomb = entries.map((entry) =>
      entry.name === 'database.sql'
        ? { ...entry, stream: { size: huge, source: () => zeros(huge) } }
        : entry,
    )
    const crafted = path.join(work, 'bomba.tar.gz')
    await writeArchive(crafted, bomb)
    expect((await stat(crafted)).size).toBeLessThan(2 * 1024 * 1024)
    const staging = path.join(work, 'staging-bomb')
    await mkdir(staging, { recursive: true })
    await expect(unpackBackup(crafted, staging, { key })).rejects.toBeInstanceOf(RestoreRefused)
    const written = path.join(staging, 'database.sql')
    const declared = entries.find((e) => e.name === 'database.sql')!.body.length
    expect(existsSync(written) ? (await stat(written)).size : 0).toBeLessThanOrEqual(declared)
  })

  it('a file the signed header does not declare is refused before it is written', async () => {
    const entries = await readEntries(archive)
    const at = entries.findIndex((e) => e.name === 'manifest.json')
    entries.splice(at, 0, { name: 'files/extra/intruso.bin', body: Buffer.alloc(4096, 1) })
    const crafted = path.join(work, 'extra.tar.gz')
    await writeArchive(crafted, entries)
    const staging = path.join(work, 'staging-extra')
    await mkdir(staging, { recursive: true })
    await expect(unpackBackup(crafted, staging, { key })).rejects.toThrow(/não declarado/)
    expect(existsSync(path.join(staging, 'files', 'extra', 'intruso.bin'))).toBe(false)
  })
})
