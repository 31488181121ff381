/**
 * Checkout throughput: 20 guests at once each placing PIX orders (POST /api/checkout, demo PIX:
 * BR Code + QR PNG + order and lines in one transaction) against the built server, on PGlite
 * and, when one is reachable, on PostgreSQL. Afterwards the orders in the database are counted:
 * every answered checkout must be there, and nothing else. A second run on the same server does
 * the same with a coupon and an order bump in every checkout (issue 14: the coupon's use held
 * in the order's transaction), printed beside the plain one.
 */
import autocannon from 'autocannon'
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { PGlite } from '@electric-sql/pglite'
import { buyerAddress, startServer } from './server-process.js'

const CONNECTIONS = 20
const SECONDS = 10
const GOALS = { pglite: 200, postgres: 500 }

interface Run {
  perSecond: number
  p50: number
  p99: number
  answered: number
  failed: number
}

interface ProductRow {
  id: number
  name: string
  price: string
  isFree: boolean
}

async function paidProducts(baseUrl: string): Promise<ProductRow[]> {
  const products = (await (await fetch(`${baseUrl}/api/products`)).json()) as ProductRow[]
  return products.filter((p) => !p.isFree)
}

async function pickProducts(baseUrl: string): Promise<number[]> {
  return (await paidProducts(baseUrl)).map((p) => p.id)
}

/** What the coupon + bump run sends besides the plain lines. */
interface Extras {
  couponCode: string
  /** Each product's offer (order bump): another product at a special price. */
  bumpOf: Map<number, number>
}

/** As the owner: every paid product offers the next one, and a 10% coupon with no cap. */
async function setUpExtras(baseUrl: string): Promise<Extras> {
  const login = await fetch(`${baseUrl}/api/auth/simple-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@teste.com', password: 'admin-senha-123' }),
  })
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!
  const headers = { 'content-type': 'application/json', cookie }
  const products = await paidProducts(baseUrl)
  const bumpOf = new Map<number, number>()
  for (const [i, product] of products.entries()) {
    const offered = products[(i + 1) % products.length]!
    bumpOf.set(product.id, offered.id)
    const res = await fetch(`${baseUrl}/api/products/${product.id}/update-json`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        name: product.name,
        price: product.price,
        orderBumps: [{ productId: offered.id, offerPrice: '4.90' }],
      }),
    })
    if (!res.ok) throw new Error(`bump: ${res.status} ${await res.text()}`)
  }
  const couponCode = `BENCH${randomBytes(3).toString('hex').toUpperCase()}`
  const coupon = await fetch(`${baseUrl}/api/admin/coupons`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ code: couponCode, type: 'percent', value: 10 }),
  })
  if (!coupon.ok) throw new Error(`coupon: ${coupon.status} ${await coupon.text()}`)
  return { couponCode, bumpOf }
}

/**
 * autocannon with a fresh cart session and customer per checkout, as real guests would be. A
 * fixed `amount` (not a duration) so no request is left in flight uncounted at the end.
 */
async function checkoutLoad(
  baseUrl: string,
  productIds: number[],
  amount: number,
  extras?: Extras,
): Promise<Run> {
  let n = 0
  const result = await autocannon({
    url: `${baseUrl}/api/checkout`,
    connections: CONNECTIONS,
    amount,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          n++
          const a = productIds[n % productIds.length]!
          const b = productIds[(n * 7 + 3) % productIds.length]!
          const bump = extras?.bumpOf.get(a)
          // The offer of `a`, unless `b` is that very product (then it is a plain line).
          const bumpLine =
            bump !== undefined && bump !== b ? [{ productId: bump, quantity: 1, bumpFor: a }] : []
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              'x-session-id': `cart_${randomBytes(16).toString('hex')}`,
              'x-forwarded-for': buyerAddress(n),
            },
            body: JSON.stringify({
              items: [{ productId: a, quantity: 1 }, { productId: b, quantity: 2 }, ...bumpLine],
              ...(extras ? { couponCode: extras.couponCode } : {}),
              customerData: {
                firstName: 'Cliente',
                lastName: `Bench ${n}`,
                email: `bench${n}@exemplo.com`,
                whatsapp: '11987654321',
                createAccount: false,
                acceptTerms: true,
              },
            }),
          }
        },
      },
    ],
  })
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    answered: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
  }
}

async function bench(
  label: keyof typeof GOALS,
  env: Record<string, string>,
  countOrders: () => Promise<number>,
) {
  const server = await startServer({ SEED_DEMO: '1', TRUST_PROXY: '1', ...env })
  let warm: Run
  let run: Run
  let extra: Run
  let cpuPerCheckout: number
  try {
    const productIds = await pickProducts(server.baseUrl)
    warm = await checkoutLoad(server.baseUrl, productIds, 400)
    const cpuBefore = cpuMs(server.child.pid!)
    // Sized from the warm-up to last about SECONDS.
    run = await checkoutLoad(server.baseUrl, productIds, Math.round(warm.perSecond * SECONDS))
    cpuPerCheckout = (cpuMs(server.child.pid!) - cpuBefore) / run.answered
    const extras = await setUpExtras(server.baseUrl)
    extra = await checkoutLoad(
      server.baseUrl,
      productIds,
      Math.round(run.perSecond * SECONDS),
      extras,
    )
  } finally {
    await stop(server.child)
  }
  const inDb = await countOrders()
  const answered = warm.answered + run.answered + extra.answered
  console.log(
    `${label.padEnd(9)} ${run.perSecond.toFixed(0).padStart(5)} checkouts/s at ${CONNECTIONS} guests   p50 ${run.p50} ms   p99 ${run.p99} ms   failed ${warm.failed + run.failed}   (goal ≥ ${GOALS[label]}/s: ${run.perSecond >= GOALS[label] ? 'met' : 'missed'})`,
  )
  console.log(
    `${'+cupom+oferta'.padEnd(9)} ${extra.perSecond.toFixed(0).padStart(5)} checkouts/s at ${CONNECTIONS} guests   p50 ${extra.p50} ms   p99 ${extra.p99} ms   failed ${extra.failed}   (${((extra.perSecond / run.perSecond) * 100).toFixed(0)}% of the plain checkout)`,
  )
  // Machine-independent of other load: the server's own CPU per checkout (database excluded).
  console.log(
    `          server CPU ${cpuPerCheckout.toFixed(2)} ms per checkout (one core's worth: ${(1000 / cpuPerCheckout).toFixed(0)}/s)`,
  )
  console.log(
    `          orders in DB ${inDb} = answers received ${answered}: ${inDb === answered ? 'yes, none lost' : 'NO'}`,
  )
}

/** User + system CPU of a process so far, from /proc (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

// PGlite: the server's own data directory, read back once the server has shut down.
const dataDir = await mkdtemp(path.join(tmpdir(), 'loja-bench-checkout-'))
try {
  await bench('pglite', { DATA_DIR: dataDir }, async () => {
    const db = await PGlite.create(path.join(dataDir, 'db'))
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from orders')
    await db.close()
    return rows[0]!.n
  })
} finally {
  await rm(dataDir, { recursive: true, force: true })
}

// PostgreSQL: DATABASE_URL's server, or a local one, in a fresh database dropped afterwards.
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const admin = new pg.Client({ connectionString: serverUrl })
const reachable = await admin.connect().then(
  () => true,
  () => false,
)
if (!reachable) {
  console.log('postgres  skipped: no server at DATABASE_URL or 127.0.0.1:5432')
} else {
  const name = `loja_bench_${randomBytes(6).toString('hex')}`
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const pgDir = await mkdtemp(path.join(tmpdir(), 'loja-bench-checkout-pg-'))
  try {
    await bench('postgres', { DATA_DIR: pgDir, DATABASE_URL: url.toString() }, async () => {
      const client = new pg.Client({ connectionString: url.toString() })
      await client.connect()
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from orders')
      await client.end()
      return rows[0]!.n
    })
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await rm(pgDir, { recursive: true, force: true })
  }
}
await admin.end().catch(() => {})
