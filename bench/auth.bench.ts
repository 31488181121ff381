/**
 * Accounts: logins per second (scrypt is meant to be slow), GET /api/auth/user with a session
 * cookie under load, and what the session check adds to one request: the p50 of
 * GET /api/auth/user (session + user lookup) minus that of GET /api/security/status (no lookup),
 * one request at a time so queueing does not hide it. Run against the database session store
 * (PGlite), and against Redis when one answers on REDIS_URL or 127.0.0.1:6379.
 */
import http from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  dropRedisPrefix,
  redisAvailable,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '../src/server/testing/redis.js'
import { formatLoad, load } from './load.js'
import { startServer, stopServer } from './server-process.js'

const SEQUENTIAL_REQUESTS = 3000
const LOGIN_SECONDS = 10
// One account per concurrent client: parallel logins into one account would trip its own
// rate limit (attempts are counted before the password is checked). Sign-ups are limited per
// IP too, which bounds how many accounts the bench may make.
const LOGIN_CLIENTS = 8
const accounts = Array.from({ length: LOGIN_CLIENTS }, (_, i) => ({
  email: `bench${i}@escola.com`,
  password: `senha-do-bench-${i}`,
}))

await benchStore('database sessions (PGlite)', {})
if (await redisAvailable()) {
  const prefix = testRedisPrefix()
  await benchStore('Redis sessions', { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix })
  await dropRedisPrefix(prefix)
}

async function benchStore(label: string, env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'loja-bench-auth-'))
  const store = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '0', ...env })
  const base = store.baseUrl
  try {
    console.log(`\n--- ${label} ---`)
    const cookies = await Promise.all(accounts.map((account) => signUpAndLogIn(base, account)))
    const cookie = cookies[0]!

    const logins = await loginsPerSecond(base)
    console.log(
      `POST /api/auth/simple-login            ${logins.perSecond.toFixed(1)} logins/s   ` +
        `p50 ${logins.p50.toFixed(0)} ms   (${LOGIN_CLIENTS} clients, scrypt N=2^15, errors ${logins.errors})`,
    )

    const user = await load(`${base}/api/auth/user`, { headers: { cookie } })
    const status = await load(`${base}/api/security/status`)
    console.log(formatLoad('GET /api/auth/user (cookie)', user))
    console.log(formatLoad('GET /api/security/status', status))

    const { withSession, without } = await sequentialP50(base, cookie)
    const added = withSession - without
    console.log(
      `  one at a time, p50 of ${SEQUENTIAL_REQUESTS}: /api/auth/user ${withSession.toFixed(3)} ms, ` +
        `/api/security/status ${without.toFixed(3)} ms`,
    )
    console.log(
      `  session check adds ${added.toFixed(3)} ms p50 (goal ≤ 1 ms: ${added <= 1 ? 'met' : 'missed'})`,
    )
  } finally {
    await stopServer(store.child)
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** Each client logs its own account in again and again for LOGIN_SECONDS. */
async function loginsPerSecond(base: string) {
  const deadline = Date.now() + LOGIN_SECONDS * 1000
  const durations: number[] = []
  let errors = 0
  await Promise.all(
    accounts.map(async (account) => {
      while (Date.now() < deadline) {
        const start = performance.now()
        const res = await fetch(`${base}/api/auth/simple-login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(account),
        })
        await res.arrayBuffer()
        if (res.ok) durations.push(performance.now() - start)
        else errors += 1
      }
    }),
  )
  return { perSecond: durations.length / LOGIN_SECONDS, p50: median(durations), errors }
}

async function signUpAndLogIn(
  base: string,
  account: { email: string; password: string },
): Promise<string> {
  const json = { 'content-type': 'application/json' }
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      ...account,
      firstName: 'Bench',
      lastName: 'Mark',
      whatsapp: '11987654321',
    }),
  })
  if (registered.status !== 201) throw new Error(`register: ${await registered.text()}`)
  const res = await fetch(`${base}/api/auth/simple-login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(account),
  })
  const cookie = res.headers.get('set-cookie')?.split(';')[0]
  if (!res.ok || !cookie) throw new Error(`login: ${await res.text()}`)
  return cookie
}

/** Alternates the two calls on one kept-alive connection each, so both see the same machine. */
async function sequentialP50(base: string, cookie: string) {
  const withAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const withoutAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const times = { withSession: [] as number[], without: [] as number[] }
  for (let i = 0; i < SEQUENTIAL_REQUESTS + 300; i++) {
    const a = await timed(`${base}/api/auth/user`, withAgent, { cookie })
    const b = await timed(`${base}/api/security/status`, withoutAgent, {})
    // The first 300 warm the JIT and the connections.
    if (i >= 300) {
      times.withSession.push(a)
      times.without.push(b)
    }
  }
  withAgent.destroy()
  withoutAgent.destroy()
  return { withSession: median(times.withSession), without: median(times.without) }
}

function timed(url: string, agent: http.Agent, headers: Record<string, string>) {
  const start = process.hrtime.bigint()
  return new Promise<number>((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`))
        res.resume()
        res.on('end', () => resolve(Number(process.hrtime.bigint() - start) / 1e6))
      })
      .on('error', reject)
  })
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}
