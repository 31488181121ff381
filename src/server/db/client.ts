import { PGlite } from '@electric-sql/pglite'
import type { Logger } from 'drizzle-orm/logger'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import { migrationsDir } from '../paths.js'
import { lockDataDir } from './data-dir-lock.js'
import { copyPristine } from './pristine-pglite.js'
import { createPool } from './pg-pool.js'
/** A database or a transaction: services take either, so a caller can make them one unit. */
export type Db = PgDatabase<PgQueryResultHKT>

export type ScriptExec = (script: string) => Promise<Record<string, unknown>[]>

/** The rows of a script's last statement, from pg's or PGlite's answer (one or one per statement). */
function lastRows(answer: unknown): Record<string, unknown>[] {
  const last = (Array.isArray(answer) ? answer.at(-1) : answer) as
    { rows?: Record<string, unknown>[] } | undefined
  return last?.rows ?? []
}

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  close(): Promise<void>
  /** The PostgreSQL pool's connections now (/metrics); null on PGlite, which has none. */
  poolUse(): { total: number; idle: number; waiting: number; max: number } | null
  /**
   * `fn`'s scripts of several statements (the simple query protocol) in one transaction, on one
   * connection no other query uses meanwhile (PGlite's only one: the others wait), committed
   * when `fn` returns and rolled back when it throws; `exec` answers the last statement's rows.
   * The session's settings a script changed (a dump's search_path) are reset before it commits,
   * so the connection goes back as it came. Restore loads a dump so.
   */
  scriptTransaction<T>(fn: (exec: ScriptExec) => Promise<T>): Promise<T>
}

/**
 * PostgreSQL when a URL is given, else PGlite (Postgres compiled to WASM) with its data under
 * `dataDir/db`; `dataDir` 'memory://' keeps it in memory (tests). Same schema and migrations.
 */
export async function openDatabase(opts: {
  url?: string
  dataDir: string
  /** Told of every statement sent (tests count the queries of a request with it). */
  logger?: Logger
  /** A dumped PGlite data folder to start the in-memory database from (tests: migrated once). */
  loadDataDir?: Blob
  /**
   * A new PGlite folder gets initdb's catalogue only, never the build's migrated copy: a restore
   * loads a dump, schema included, into it.
   */
  empty?: boolean
}): Promise<Database> {
  const { logger } = opts
  if (opts.url) {
    const pool = createPool(opts.url)
    const db = drizzlePg(pool, { logger }) as unknown as Db
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: migrationsDir }),
      close: () => pool.end(),
      poolUse: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max ?? 10,
      }),
      async scriptTransaction(fn) {
        const client = await pool.connect()
        try {
          await client.query('BEGIN')
          try {
            const result = await fn(async (script) => lastRows(await client.query(script)))
            await client.query('RESET ALL; COMMIT')
            return result
          } catch (error) {
            await client.query('ROLLBACK').catch(() => {})
            throw error
          }
        } finally {
          client.release()
        }
      },
    }
  }
  let location = 'memory://'
  let unlock = () => {}
  if (opts.dataDir !== 'memory://') {
    location = path.join(opts.dataDir, 'db')
    mkdirSync(location, { recursive: true })
    unlock = lockDataDir(opts.dataDir)
  }
  try {
    if (location !== 'memory://' && !existsSync(path.join(location, 'PG_VERSION'))) {
      // The build's pristine folder when there is one for today's migrations (decision 029).
      if (opts.empty || !copyPristine(location)) await initPgliteApart(location)
    }
    const client = await PGlite.create(location, {
      startParams: PGLITE_START_PARAMS,
      loadDataDir: location === 'memory://' ? opts.loadDataDir : undefined,
    })
    const db = drizzlePglite(client, { logger }) as unknown as Db
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: migrationsDir }),
      close: () => client.close().finally(unlock),
      poolUse: () => null,
      // PGlite is one connection: its own transaction keeps everyone else's queries out until
      // it ends (a BEGIN sent by hand would let them run inside it).
      scriptTransaction: (fn) =>
        client.transaction(async (tx) => {
          const result = await fn(async (script) => lastRows(await tx.exec(script)))
          await tx.exec('RESET ALL')
          return result
        }),
    }
  } catch (error) {
    unlock()
    throw error
  }
}

/**
 * PGlite's postgres settings: its own defaults, untouched (durability as PGlite gives it: each
 * committed write is in the data folder's files when the statement returns), plus
 * a smaller buffer pool. 128 MB (the default) is paged in as the database is read; 16 MB holds a
 * small shop's whole working set. Decision 018, "Memory".
 */
export const PGLITE_SHARED_BUFFERS = '16MB'
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
]

/**
 * An empty folder is initialised (initdb) in a child process that exits: PGlite runs initdb in a
 * second Postgres instance of its own, whose WebAssembly memory (~500 MB) the server would
 * otherwise keep until it restarts. The server then opens the folder as on any later start.
 */
async function initPgliteApart(location: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const script = `require(${JSON.stringify(entry)}).PGlite.create(process.argv[1]).then((c) => c.close())`
  await promisify(execFile)(process.execPath, ['-e', script, location])
}
