import { build } from 'esbuild'
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../../bench/server-process.js'
import { projectRoot } from '../paths.js'
import { newIp } from '../testing/auth.js'
import { guestForm, newCartSession } from '../testing/commerce.js'
import { insertProduct } from '../testing/fixtures.js'
import { startTcpProxy } from '../testing/tcp-proxy.js'
import { createTestStore, type TestStore } from '../testing/test-app.js'

/**
 * The built server as its own process, on PostgreSQL reached through a relay the test can cut:
 * an unhandled 'error' event really ends the process here, as it would in production. PGlite
 * runs inside the process and has no connection to lose, so this needs DATABASE_URL.
 */
const runs = Boolean(process.env.DATABASE_URL)
const UNAVAILABLE = {
  message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
}
const ROUNDS = 4
/** How long the catalogue service keeps products in memory (catalog.service.ts). */
const CATALOGUE_TTL_MS = 5_000

const buildDir = path.join(projectRoot, 'dist', `db-loss-test-${process.pid}`)
let store: TestStore
let proxy: Awaited<ReturnType<typeof startTcpProxy>>
let server: { child: ChildProcess; baseUrl: string }
let admin: pg.Client
let dataDir: string
let items: { productId: number; quantity: number }[]
let expectedTotal: number
/** Orders the server said it stored (201), and orders it said it paid (200, confirmed). */
const placed: string[] = []
const paid: string[] = []

interface Answer {
  status: number | 'dropped'
  body: unknown
  retryAfter: string | null
}

async function post(url: string, session: string, body: unknown): Promise<Answer> {
  try {
    const res = await fetch(`${server.baseUrl}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-session-id': session,
        // Each request from a buyer's own address (the server trusts one proxy): the burst is
        // many buyers, not one machine meeting the per-address limit on guest orders.
        'x-forwarded-for': newIp(),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    })
    return {
      status: res.status,
      body: await res.json(),
      retryAfter: res.headers.get('retry-after'),
    }
  } catch (error) {
    return { status: 'dropped', body: String(error), retryAfter: null }
  }
}

async function checkout(session = newCartSession()) {
  const answer = await post('/api/checkout', session, { items, customerData: guestForm() })
  const orderId = answer.status === 201 ? (answer.body as { order: { id: string } }).order.id : null
  if (orderId) placed.push(orderId)
  return { answer, orderId, session }
}

async function pay(order: { orderId: string | null; session: string }) {
  const answer = await post(`/api/orders/${order.orderId}/confirm-payment`, order.session, {})
  if (answer.status === 200 && (answer.body as { status: string }).status === 'confirmed') {
    paid.push(order.orderId!)
  }
  return answer
}

/** Ends every connection the store's database has (the test's own admin one is elsewhere). */
async function terminateBackends(): Promise<number> {
  const { rows } = await admin.query<{ ended: number }>(
    `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS ended
       FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [new URL(store.databaseUrl!).pathname.slice(1)],
  )
  return rows[0]!.ended
}

function expectAlive() {
  expect(server.child.exitCode, 'the server process exited').toBeNull()
  expect(server.child.signalCode, 'the server process was killed').toBeNull()
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

const healthz = async () => {
  const res = await fetch(`${server.baseUrl}/healthz`)
  return { status: res.status, body: await res.json() }
}

describe.skipIf(!runs)('PostgreSQL connections lost under load', () => {
  beforeAll(async () => {
    await build({
      entryPoints: [path.join(projectRoot, 'src/server/main.ts')],
      outdir: buildDir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    })
    store = await createTestStore()
    const a = await insertProduct(store, { priceCents: 1990 })
    const b = await insertProduct(store, { priceCents: 2450 })
    items = [
      { productId: a.id, quantity: 1 },
      { productId: b.id, quantity: 2 },
    ]
    expectedTotal = 1990 + 2 * 2450
    const target = new URL(store.databaseUrl!)
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
    const viaProxy = new URL(target)
    viaProxy.host = `127.0.0.1:${proxy.port}`
    dataDir = await mkdtemp(path.join(tmpdir(), 'loja-db-loss-'))
    const env = { DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'fatal', TRUST_PROXY: '1' }
    server = await startServer(
      { ...env, DATABASE_URL: viaProxy.toString() },
      path.join(buildDir, 'main.js'),
    )
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
  }, 120_000)

  afterAll(async () => {
    if (server?.child.exitCode === null) {
      const exited = new Promise((resolve) => server.child.once('exit', resolve))
      server.child.kill('SIGTERM')
      await exited
    }
    await proxy?.close()
    await admin?.end()
    await store?.close()
    await rm(buildDir, { recursive: true, force: true })
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('answers 201/200 or 503 while its backends are terminated mid-burst, and lives on', async () => {
    let unavailable = 0
    for (let round = 0; round < ROUNDS; round++) {
      // Orders to pay during the burst: paying one is a transaction on a checked-out client.
      const toPay = await Promise.all(Array.from({ length: 6 }, () => checkout()))
      expect(toPay.map((o) => o.answer.status)).toEqual(Array(6).fill(201))
      let settled = false
      const burst = Promise.all([
        ...Array.from({ length: 14 }, () =>
          checkout().then((o) => ['checkout', o.answer] as const),
        ),
        ...toPay.map((o) => pay(o).then((answer) => ['payment', answer] as const)),
      ]).finally(() => (settled = true))
      // Three times while the burst is under way: some requests fail, the ones after succeed.
      let lastKill = Date.now()
      for (let kills = 0; !settled && kills < 3; kills++) {
        await sleep(15)
        await terminateBackends()
        lastKill = Date.now()
      }
      const answers = await burst
      expectAlive()
      for (const [kind, answer] of answers) {
        if (answer.status === 503) {
          unavailable++
          expect(answer.body).toEqual(UNAVAILABLE)
          expect(Number(answer.retryAfter)).toBeGreaterThan(0)
        } else {
          expect(answer.status, JSON.stringify(answer.body)).toBe(kind === 'checkout' ? 201 : 200)
        }
      }
      // A connection killed while idle is dropped once the server reads its notice, a moment
      // later: a request in that moment may still fail, and every one after succeeds.
      await sleep(lastKill + 200 - Date.now())
      expect(await healthz()).toEqual({ status: 200, body: { status: 'ok', database: 'postgres' } })
      expect((await checkout()).answer.status).toBe(201)
    }
    // Otherwise the rounds missed every request and proved nothing.
    expect(unavailable).toBeGreaterThan(0)
  }, 90_000)

  it('says so on /healthz and answers 503 while the database is away, then recovers', async () => {
    proxy.takeDown()
    try {
      expect(await healthz()).toEqual({
        status: 503,
        body: { message: 'Banco de dados indisponível' },
      })
      const { answer } = await checkout()
      expect(answer.status).toBe(503)
      expect(answer.body).toEqual(UNAVAILABLE)
      // Still away once the catalogue the server keeps for a few seconds has to be read again.
      await sleep(CATALOGUE_TTL_MS + 500)
      const later = (await checkout()).answer
      expect(later.status).toBe(503)
      expect(later.body).toEqual(UNAVAILABLE)
      expect((await healthz()).status).toBe(503)
      expectAlive()
    } finally {
      proxy.bringBack()
    }
    expect(await healthz()).toEqual({ status: 200, body: { status: 'ok', database: 'postgres' } })
    expect((await checkout()).answer.status).toBe(201)
    expectAlive()
  })

  it('leaves every acknowledged order whole, and no order half-written', async () => {
    const reader = new pg.Client({ connectionString: store.databaseUrl })
    await reader.connect()
    try {
      const { rows } = await reader.query<{
        id: string
        status: string
        total: number
        lines: number
        line_sum: number
        purchases: number
      }>(`SELECT o.id, o.status, o.total_cents AS total,
                 (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS lines,
                 (SELECT coalesce(sum(i.unit_price_cents * i.quantity), 0)::int
                    FROM order_items i WHERE i.order_id = o.id) AS line_sum,
                 (SELECT count(*)::int FROM purchases p WHERE p.order_id = o.id) AS purchases
            FROM orders o`)
      const byId = new Map(rows.map((r) => [r.id, r]))
      expect(placed.filter((id) => !byId.has(id))).toEqual([])
      for (const row of rows) {
        expect(row).toMatchObject({ total: expectedTotal, lines: 2, line_sum: expectedTotal })
        // A paid order has its purchases, written in the transaction that paid it.
        expect(row.purchases).toBe(row.status === 'paid' ? 2 : 0)
      }
      expect(paid.filter((id) => byId.get(id)?.status !== 'paid')).toEqual([])
      const orphans = await reader.query(
        'SELECT i.id FROM order_items i LEFT JOIN orders o ON o.id = i.order_id WHERE o.id IS NULL',
      )
      expect(orphans.rows).toEqual([])
    } finally {
      await reader.end()
    }
  })
})
