/**
 * Memory of the whole `npm start` process tree (npm, its shell, node scripts/start.mjs and every
 * descendant: the server, worker processes, esbuild if one were left running), summed from
 * /proc/<pid>/status VmRSS. Measured on a first start over an empty DATA_DIR (the demo catalogue
 * is seeded: that start is the heaviest), idle; the peak while 300 checkouts run; after them;
 * and 60 s later. On PGlite and, when one is reachable, on a fresh PostgreSQL database.
 */
import autocannon from 'autocannon'
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { buyerAddress, freePort } from './server-process.js'

const TARGETS = { idle: 320, load: 384 }
const CHECKOUTS = 300
const CONNECTIONS = 10
const MB = 1024 * 1024

/** pid → parent pid, for every process /proc shows. */
function parents(): Map<number, number> {
  const map = new Map<number, number>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      // The command name is in parentheses and may hold spaces: fields follow the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      map.set(Number(name), Number(fields[1]))
    } catch {
      // ended meanwhile
    }
  }
  return map
}

function rssBytes(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) * 1024 : 0
  } catch {
    return 0
  }
}

/** RSS of `root` and all its descendants, with how many processes that is. */
export function treeRss(root: number): { bytes: number; processes: number } {
  const ppid = parents()
  const tree = new Set([root])
  let grew = true
  while (grew) {
    grew = false
    for (const [pid, parent] of ppid) {
      if (!tree.has(pid) && tree.has(parent)) {
        tree.add(pid)
        grew = true
      }
    }
  }
  let bytes = 0
  for (const pid of tree) bytes += rssBytes(pid)
  return { bytes, processes: tree.size }
}

async function startNpm(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await freePort()
  const child = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-memory-secret-0123456789abcdef',
      ADMIN_EMAIL: 'admin@teste.com',
      ADMIN_PASSWORD: 'admin-senha-123',
      // Checkouts come from many buyers' addresses (buyerAddress), as through a proxy.
      TRUST_PROXY: '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const baseUrl = `http://127.0.0.1:${port}`
  // A first start initialises the database and draws the demo's images: minutes on a busy box.
  const deadline = Date.now() + 600_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}`)
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return { child, baseUrl }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  await stopTree(child)
  throw new Error('npm start did not become healthy within 600 s')
}

/** Ends the tree: SIGTERM to every process in it (npm does not always pass it on), then waits. */
async function stopTree(child: ChildProcess) {
  const ppid = parents()
  const tree = [child.pid!]
  for (let i = 0; i < tree.length; i++)
    for (const [pid, parent] of ppid) if (parent === tree[i]) tree.push(pid)
  for (const pid of tree.reverse()) {
    try {
      process.kill(pid, 'SIGTERM')
    } catch {
      // gone
    }
  }
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline && tree.some((pid) => rssBytes(pid) > 0))
    await new Promise((r) => setTimeout(r, 100))
  for (const pid of tree) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // gone
    }
  }
}

/** Idle: a few seconds after the last request, so startup work (seeding, snapshot) has settled. */
async function settled(root: number, ms = 5_000): Promise<number> {
  await new Promise((r) => setTimeout(r, ms))
  return treeRss(root).bytes
}

async function checkouts(baseUrl: string): Promise<{ answered: number; failed: number }> {
  const products = (await (await fetch(`${baseUrl}/api/products`)).json()) as {
    id: number
    isFree: boolean
  }[]
  const ids = products.filter((p) => !p.isFree).map((p) => p.id)
  let n = 0
  const result = await autocannon({
    url: `${baseUrl}/api/checkout`,
    connections: CONNECTIONS,
    amount: CHECKOUTS,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          n++
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              'x-session-id': `cart_${randomBytes(16).toString('hex')}`,
              'x-forwarded-for': buyerAddress(n),
            },
            body: JSON.stringify({
              items: [
                { productId: ids[n % ids.length]!, quantity: 1 },
                { productId: ids[(n * 7 + 3) % ids.length]!, quantity: 2 },
              ],
              customerData: {
                firstName: 'Cliente',
                lastName: `Memória ${n}`,
                email: `memoria${n}@exemplo.com`,
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
  return { answered: result['2xx'], failed: result.non2xx + result.errors + result.timeouts }
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0).padStart(4)} MB`
const verdict = (bytes: number, target: number) =>
  `(target ≤ ${target} MB: ${bytes / MB <= target ? 'met' : 'missed'})`

async function bench(label: string, env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-memory-'))
  const started = Date.now()
  const { child, baseUrl } = await startNpm({ DATA_DIR: dataDir, ...env })
  const startSeconds = (Date.now() - started) / 1000
  try {
    const root = child.pid!
    const idle = await settled(root)
    const processes = treeRss(root).processes
    let peak = 0
    const sampler = setInterval(() => (peak = Math.max(peak, treeRss(root).bytes)), 100)
    const run = await checkouts(baseUrl)
    clearInterval(sampler)
    peak = Math.max(peak, treeRss(root).bytes)
    const after = treeRss(root).bytes
    const later = await settled(root, 60_000)
    console.log(
      `${label} (${processes} processes: npm, sh, node…; healthy after ${startSeconds.toFixed(0)} s)`,
    )
    console.log(`  idle after first start   ${mb(idle)}  ${verdict(idle, TARGETS.idle)}`)
    console.log(
      `  peak during ${CHECKOUTS} checkouts ${mb(peak)}  ${verdict(peak, TARGETS.load)}   answered ${run.answered}, failed ${run.failed}`,
    )
    console.log(`  right after them         ${mb(after)}  ${verdict(after, TARGETS.load)}`)
    console.log(`  60 s later               ${mb(later)}  ${verdict(later, TARGETS.idle)}`)
  } finally {
    await stopTree(child)
    await rm(dataDir, { recursive: true, force: true })
  }
}

await bench('PGlite', {})

// PostgreSQL: a fresh database on the local server, when one answers.
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' })
const name = `bench_memory_${randomBytes(4).toString('hex')}`
let reachable = true
try {
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
} catch {
  reachable = false
}
if (reachable) {
  try {
    await bench('PostgreSQL', { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${name}` })
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }
} else {
  console.log('PostgreSQL: not reachable at 127.0.0.1:5432, skipped')
}
