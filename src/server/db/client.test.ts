import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createRequire } from 'node:module'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationsDir } from '../paths.js'
import { openDatabase, PGLITE_SHARED_BUFFERS } from './client.js'
import { ensurePristine } from './pristine-pglite.js'

// PGlite on a folder, as `npm start` opens it: the first start initialises the empty folder in a
// child process, then the server's own instance runs with a smaller buffer pool. What a
// committed statement wrote must be there after the process is killed without closing.
type Rows = { rows: unknown[] }
const describePglite = process.env.DATABASE_URL ? describe.skip : describe

describePglite('PGlite on a data folder', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'loja-client-'))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('initialises an empty folder, runs with the small buffer pool, and keeps what a killed process committed', async () => {
    const script = path.join(dataDir, 'writer.mts')
    // The script lives outside the project: it names its imports by path.
    const client = JSON.stringify(fileURLToPath(new URL('./client.ts', import.meta.url)))
    const drizzle = JSON.stringify(
      pathToFileURL(createRequire(import.meta.url).resolve('drizzle-orm')).href,
    )
    await writeFile(
      script,
      `import { sql } from ${drizzle}
import { openDatabase } from ${client}
const database = await openDatabase({ dataDir: process.argv[2] })
await database.db.execute(sql\`CREATE TABLE kept (id int PRIMARY KEY, note text)\`)
await database.db.execute(sql\`INSERT INTO kept VALUES (1, 'committed')\`)
process.stdout.write('written\\n')
await new Promise(() => {})
`,
    )
    // Killed with SIGKILL once the insert has answered: no close(), no flush of its own.
    const writer = spawn(process.execPath, ['--import', 'tsx', script, dataDir], {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    await new Promise<void>((resolve, reject) => {
      writer.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('written')) resolve()
      })
      writer.once('exit', (code) => reject(new Error(`writer exited (${code})`)))
    })
    writer.kill('SIGKILL')
    await new Promise((r) => writer.once('exit', r))

    const database = await openDatabase({ dataDir })
    try {
      const kept = (await database.db.execute(sql`SELECT note FROM kept WHERE id = 1`)) as Rows
      expect(kept.rows).toEqual([{ note: 'committed' }])
      const buffers = (await database.db.execute(sql`SHOW shared_buffers`)) as Rows
      expect(buffers.rows).toEqual([{ shared_buffers: PGLITE_SHARED_BUFFERS }])
    } finally {
      await database.close()
    }
  }, 60_000)

  it('starts an empty folder from the pristine copy: migrated, empty, and reopened as usual', async () => {
    await ensurePristine()
    const fresh = await mkdtemp(path.join(tmpdir(), 'loja-pristine-'))
    const migrations = JSON.parse(
      await readFile(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] }
    const applied = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
      (
        (await database.db.execute(
          sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
        )) as Rows
      ).rows
    try {
      // A copy left half-way by a stopped start would be a folder beside it, never `db` itself.
      await mkdir(path.join(fresh, 'db.copying', 'base'), { recursive: true })
      const first = await openDatabase({ dataDir: fresh })
      expect(await readdir(fresh)).not.toContain('db.copying')
      expect(await applied(first)).toEqual([{ n: migrations.entries.length }])
      await first.migrate()
      expect(await applied(first)).toEqual([{ n: migrations.entries.length }])
      const products = (await first.db.execute(
        sql`SELECT count(*)::int AS n FROM products`,
      )) as Rows
      expect(products.rows).toEqual([{ n: 0 }])
      await first.close()
      const later = await openDatabase({ dataDir: fresh })
      expect(await applied(later)).toEqual([{ n: migrations.entries.length }])
      await later.close()
    } finally {
      await rm(fresh, { recursive: true, force: true })
    }
  }, 120_000)
})
