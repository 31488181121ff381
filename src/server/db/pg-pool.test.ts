import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createFreshDatabase } from '../testing/test-app.js'
import { createPool } from './pg-pool.js'

/** PGlite has no connections to lose: this needs DATABASE_URL. */
const runs = Boolean(process.env.DATABASE_URL)

describe.skipIf(!runs)('the PostgreSQL pool when its connections are terminated', () => {
  let database: Awaited<ReturnType<typeof createFreshDatabase>>
  let pool: pg.Pool
  let admin: pg.Client
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})

  beforeAll(async () => {
    database = await createFreshDatabase(process.env.DATABASE_URL!)
    pool = createPool(database.url)
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
  })
  afterAll(async () => {
    await pool?.end()
    await admin?.end()
    await database?.drop()
    warn.mockRestore()
  })

  const terminateAll = () =>
    admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [new URL(database.url).pathname.slice(1)],
    )

  it('lends every connection again after transactions lose theirs, even at BEGIN', async () => {
    const db = drizzle(pool)
    const transaction = () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        await tx.execute(sql`select pg_sleep(0.002)`)
      })
    let failed = 0
    for (let round = 0; round < 15; round++) {
      const burst = Promise.allSettled(Array.from({ length: 20 }, transaction))
      for (let kill = 0; kill < 3; kill++) {
        await new Promise((r) => setTimeout(r, 3 + kill * 5))
        await terminateAll()
      }
      failed += (await burst).filter((r) => r.status === 'rejected').length
    }
    expect(failed).toBeGreaterThan(0)
    expect(warn).toHaveBeenCalled()
    // A client kept by a failed transaction would stay lent for good, and the pool would run dry.
    await vi.waitFor(() => expect(pool.totalCount - pool.idleCount).toBe(0))
    // Idle ones killed too are dropped as soon as their notice is read; then all are fresh.
    await terminateAll()
    await vi.waitFor(() => expect(pool.totalCount).toBe(0))
    await expect(Promise.all(Array.from({ length: 20 }, transaction))).resolves.toHaveLength(20)
  })
})
