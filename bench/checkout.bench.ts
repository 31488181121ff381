/**
 * Checkout throughput: 20 guests at once each placing PIX orders (POST /api/checkout, demo PIX:
 * BR Code + QR PNG + order and lines in one transaction) against the built server, on PGlite
 * and, when one is reachable, on PostgreSQL. Afterwards the orders in the database are counted:
 * every answered checkout must be there, and nothing else. A second run on the same server does
 * the same with a coupon and an order bump in every checkout (the coupon's use held
 * in the order's transaction), printed beside the plain one. On PGlite a third run pays each
 * order as the demo's button does (POST /api/orders/:id/confirm-payment after the checkout):
 * the paid-order flow.
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
const GOALS = { pglite: 300, postgres: 600 }
/** Checkout then the demo payment confirmation, on PGlite. */
const PAID_FLOW_GOAL = 150

interface Run {
  perSecond: number
  p50: number
  p99: number
  answered: number
  /** Orders the checkouts answered as placed (in the paid flow, some may be left unpaid). */
  placed: number
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
  pay = false,
): Promise<Run> {
  let n = 0
  let placed = 0
  let paid = 0
  interface Guest {
    session?: string
    orderId?: string
  }
  const checkout: autocannon.Request = {
    method: 'POST',
    path: '/api/checkout',
    setupRequest: (req, context) => {
      n++
      const guest = context as Guest
      guest.session = `cart_${randomBytes(16).toString('hex')}`
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
          'x-session-id': guest.session,
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
    onResponse: (status, body, context) => {
      if (status === 201) placed++
      if (pay && status === 201) {
        ;(context as Guest).orderId = (JSON.parse(body) as { order: { id: string } }).order.id
      }
    },
  }
  // The demo's 'Já paguei, confirmar': the buyer's own session pays its order (e2e does so).
  const confirm: autocannon.Request = {
    method: 'POST',
    setupRequest: (req, context) => {
      const guest = context as Guest
      return {
        ...req,
        path: `/api/orders/${guest.orderId}/confirm-payment`,
        headers: { 'content-type': 'application/json', 'x-session-id': guest.session! },
        body: JSON.stringify({ paymentData: { confirmedAt: new Date().toISOString() } }),
      }
    },
    onResponse: (status) => {
      if (status === 200) paid++
    },
  }
  const started = Date.now()
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    amount: pay ? amount * 2 : amount,
    requests: pay ? [checkout, confirm] : [checkout],
  })
  const seconds = (Date.now() - started) / 1000
  return {
    perSecond: pay ? paid / seconds : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    answered: pay ? paid : result['2xx'],
    // `amount` counts requests: the last guests may have placed an order and not paid it yet.
    placed,
    failed: result.non2xx + result.errors + result.timeouts,
  }
}

/** What the database holds once the server stopped: every order, and the paid ones. */
interface Counts {
  orders: number
  paid: number
}
const COUNT_SQL = `select count(*)::int as orders, count(*) filter (where status = 'paid')::int as paid from orders`

async function bench(
  label: keyof typeof GOALS,
  env: Record<string, string>,
  countOrders: () => Promise<Counts>,
) {
  const server = await startServer({ SEED_DEMO: '1', TRUST_PROXY: '1', ...env })
  let warm: Run
  let run: Run
  let extra: Run
  let paidFlow: Run | null = null
  let cpuPerCheckout: number
  let cpuPerPaidOrder = 0
  try {
    const productIds = await pickProducts(server.baseUrl)
    warm = await checkoutLoad(server.baseUrl, productIds, 400)
    const cpuBefore = cpuMs(server.child.pid!)
    // Sized from the warm-up to last about SECONDS.
    run = await checkoutLoad(server.baseUrl, productIds, Math.round(warm.perSecond * SECONDS))
    cpuPerCheckout = (cpuMs(server.child.pid!) - cpuBefore) / run.answered
    if (label === 'pglite') {
      const before = cpuMs(server.child.pid!)
      const flows = Math.round((run.perSecond * SECONDS) / 2)
      paidFlow = await checkoutLoad(server.baseUrl, productIds, flows, undefined, true)
      cpuPerPaidOrder = (cpuMs(server.child.pid!) - before) / paidFlow.answered
    }
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
  const answered = warm.placed + run.placed + extra.placed + (paidFlow?.placed ?? 0)
  const met = (ok: boolean) => (ok ? 'met' : 'missed')
  console.log(
    `${label.padEnd(9)} ${run.perSecond.toFixed(0).padStart(5)} checkouts/s at ${CONNECTIONS} guests   p50 ${run.p50} ms   p99 ${run.p99} ms   failed ${warm.failed + run.failed}   goal ≥ ${GOALS[label]}/s: ${met(run.perSecond >= GOALS[label])}`,
  )
  // The server's own CPU per checkout, whatever else the machine runs (PGlite's work included:
  // it runs in the server's thread; PostgreSQL's own work is not).
  console.log(
    `          server CPU ${cpuPerCheckout.toFixed(2)} ms per checkout (one core's worth: ${(1000 / cpuPerCheckout).toFixed(0)}/s), goal ≤ ${(1000 / GOALS[label]).toFixed(2)} ms (${GOALS[label]}/s on one core): ${met(cpuPerCheckout <= 1000 / GOALS[label])}`,
  )
  if (paidFlow) {
    console.log(
      `${'paid flow'.padEnd(9)} ${paidFlow.perSecond.toFixed(0).padStart(5)} paid orders/s (checkout + demo payment) at ${CONNECTIONS} guests   p50 ${paidFlow.p50} ms   p99 ${paidFlow.p99} ms   failed ${paidFlow.failed}   goal ≥ ${PAID_FLOW_GOAL}/s: ${met(paidFlow.perSecond >= PAID_FLOW_GOAL)}`,
    )
    console.log(
      `          server CPU ${cpuPerPaidOrder.toFixed(2)} ms per paid order (one core's worth: ${(1000 / cpuPerPaidOrder).toFixed(0)}/s), goal ≤ ${(1000 / PAID_FLOW_GOAL).toFixed(2)} ms: ${met(cpuPerPaidOrder <= 1000 / PAID_FLOW_GOAL)}`,
    )
  }
  console.log(
    `${'+cupom+oferta'.padEnd(9)} ${extra.perSecond.toFixed(0).padStart(5)} checkouts/s at ${CONNECTIONS} guests   p50 ${extra.p50} ms   p99 ${extra.p99} ms   failed ${extra.failed}   no goal: ${((extra.perSecond / run.perSecond) * 100).toFixed(0)}% of the plain checkout`,
  )
  console.log(
    `          orders in DB ${inDb.orders} = answers received ${answered}: ${inDb.orders === answered ? 'yes, none lost' : 'NO'}` +
      (paidFlow
        ? `; paid in DB ${inDb.paid} = payments answered ${paidFlow.answered}: ${inDb.paid === paidFlow.answered ? 'yes' : 'NO'}`
        : ''),
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
    const { rows } = await db.query<Counts>(COUNT_SQL)
    await db.close()
    return rows[0]!
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
      const { rows } = await client.query<Counts>(COUNT_SQL)
      await client.end()
      return rows[0]!
    })
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await rm(pgDir, { recursive: true, force: true })
  }
}
await admin.end().catch(() => {})
