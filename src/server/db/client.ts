import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { migrationsDir } from '../paths.js'
import { createPool } from './pg-pool.js'
/** A database or a transaction: services take either, so a caller can make them one unit. */
export type Db = PgDatabase<PgQueryResultHKT>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  close(): Promise<void>
  /** The PostgreSQL pool's connections now (/metrics); null on PGlite, which has none. */
  poolUse(): { total: number; idle: number; waiting: number; max: number } | null
}

/**
 * PostgreSQL when a URL is given, else PGlite (Postgres compiled to WASM) with its data under
 * `dataDir/db`; `dataDir` 'memory://' keeps it in memory (tests). Same schema and migrations.
 */
export async function openDatabase(opts: { url?: string; dataDir: string }): Promise<Database> {
  if (opts.url) {
    const pool = createPool(opts.url)
    const db = drizzlePg(pool) as unknown as Db
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
    }
  }
  let location = 'memory://'
  if (opts.dataDir !== 'memory://') {
    location = path.join(opts.dataDir, 'db')
    mkdirSync(location, { recursive: true })
  }
  const client = await PGlite.create(location)
  const db = drizzlePglite(client) as unknown as Db
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: migrationsDir }),
    close: () => client.close(),
    poolUse: () => null,
  }
}
