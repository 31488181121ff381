import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { randomBytes } from 'node:crypto'
import type { Logger } from 'drizzle-orm/logger'
import pg from 'pg'
import { buildApp } from '../app.js'
import type { App, Deps } from '../app-types.js'
import { loadConfig } from '../config.js'
import { RATE_LIMITS } from '../http/rate-limit.js'
import { openDatabase, type Database } from '../db/client.js'
import { createStorage } from '../files/create-storage.js'
import type { FileStorage } from '../files/storage.js'
import { prepareStore } from '../startup.js'
import { migratedPgTemplate, migratedPgliteSnapshot } from './test-database.js'

export interface TestStore {
  app: App
  database: Database
  storage: FileStorage
  dataDir: string
  /** The PostgreSQL database this store uses (undefined on PGlite), to share with another. */
  databaseUrl: string | undefined
  close(): Promise<void>
}

export interface TestStoreOptions {
  seed?: boolean
  env?: Record<string, string>
  /** Use this PostgreSQL database (left in place on close) instead of a fresh one. */
  databaseUrl?: string
  /** PGlite in memory even when DATABASE_URL is set (a backup taken on PGlite, restored on PG). */
  pglite?: boolean
  /** Registers extra routes before the app is ready (e.g. a probe inside a guarded scope). */
  setup?: (app: App) => void | Promise<void>
  /** Start the order timers (off by default: tests call the jobs' functions themselves). */
  backgroundJobs?: boolean
  /** Told of every route as it is registered (see `routeRecorder` in testing/routes.ts). */
  onRoute?: Deps['onRoute']
  /** Receives the log (set LOG_LEVEL in `env` too), to check what it says. */
  logStream?: Deps['logStream']
  /** Serve this folder as the built client (index.html, assets) instead of dist/client. */
  clientDir?: string
  /** The pages' server renderer; by default its source, src/client/entry-server.tsx. */
  ssrEntry?: string
  /** The clock that expiring links are measured on (see Deps['now']). */
  now?: Deps['now']
  /** Told of every statement the store sends (see `queryCounter` in testing/query-counter.ts). */
  queryLogger?: Logger
  /**
   * The production numbers for the limits on guest orders and coupon codes. Off by default:
   * every injected request comes from one address, and many files place more guest orders, or
   * try more codes, than one machine may in an hour.
   */
  realCheckoutLimits?: boolean
}

const SOURCE_RENDERER = fileURLToPath(new URL('../../client/entry-server.tsx', import.meta.url))

/** What the tests' single address may do unless `realCheckoutLimits` (see RATE_LIMITS). */
const TEST_CHECKOUT_LIMITS = {
  [RATE_LIMITS.guestCheckoutIp.name]: 100_000,
  [RATE_LIMITS.guestCheckoutEmail.name]: 100_000,
  [RATE_LIMITS.couponCheckIp.name]: 100_000,
}

/**
 * A whole store for one test file: PGlite in memory, or, when DATABASE_URL is set, a fresh
 * PostgreSQL database created for this store and dropped afterwards.
 */
export async function createTestStore(opts: TestStoreOptions = {}): Promise<TestStore> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'loja-test-'))
  const serverUrl = opts.pglite ? undefined : process.env.DATABASE_URL
  const fresh = opts.databaseUrl
    ? { url: opts.databaseUrl, drop: async () => {} }
    : serverUrl
      ? await createFreshDatabase(serverUrl, migratedPgTemplate())
      : undefined
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: opts.seed ? '1' : '0',
    SESSION_SECRET: 'test-secret-test-secret-test-secret',
    ADMIN_EMAIL: 'admin@teste.com',
    ADMIN_PASSWORD: 'admin-senha-123',
    // The fake Evolution API listens on 127.0.0.1; whatsapp-address.test.ts turns this off.
    ALLOW_PRIVATE_INTEGRATIONS: '1',
    ...(fresh ? { DATABASE_URL: fresh.url } : {}),
    ...opts.env,
  })
  if (opts.clientDir) config.clientDir = opts.clientDir
  // Pages drawn by the renderer's source (vitest compiles it), not by a build that may be absent
  // or older than the code under test.
  config.ssrEntry = opts.ssrEntry ?? SOURCE_RENDERER
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: fresh ? dataDir : 'memory://',
    logger: opts.queryLogger,
    loadDataDir: fresh ? undefined : migratedPgliteSnapshot(),
  })
  // Nothing to do when the store starts from the migrated snapshot or template (global setup).
  await database.migrate()
  // Local disk, or the bucket when `env` carries S3_BUCKET (s3-storage.test.ts).
  const storage = createStorage(config)
  const app = await buildApp({
    config,
    database,
    storage,
    backgroundJobs: opts.backgroundJobs ?? false,
    onRoute: opts.onRoute,
    logStream: opts.logStream,
    now: opts.now,
    rateLimits: opts.realCheckoutLimits ? {} : TEST_CHECKOUT_LIMITS,
  })
  await opts.setup?.(app)
  await prepareStore(app)
  await app.ready()
  return {
    app,
    database,
    storage,
    dataDir,
    databaseUrl: fresh?.url,
    async close() {
      await app.close()
      await database.close()
      await fresh?.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A new PostgreSQL database on `serverUrl`'s server, and how to drop it: empty, or a copy of
 * `template` (the migrated schema, see global-setup.ts).
 */
export async function createFreshDatabase(serverUrl: string, template?: string) {
  const name = `loja_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}
