/**
 * Whether 'Esqueci minha senha' and 'Receber código por e-mail' tell, by their time, an e-mail
 * the store knows from one it does not. Known and unknown addresses are asked alternately, one
 * request at a time over real HTTP (each from its own address through TRUST_PROXY, so the
 * per-IP limits never answer instead), each after a pause that lets the work of the one before
 * finish: what one request costs on a quiet server, as a prober would time it. The medians and
 * the p90s are printed with their ratio.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startServer, stopServer } from './server-process.js'

const PAIRS = 60
let ipCounter = 0
const nextIp = () => {
  ipCounter++
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`
}

async function post(base: string, url: string, body: object, cookie?: string) {
  const started = performance.now()
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': nextIp(),
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  return { ms: performance.now() - started, status: res.status, text }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

async function compare(
  label: string,
  ask: (email: string) => Promise<{ ms: number; status: number; text: string }>,
  known: string[],
) {
  const timesKnown: number[] = []
  const timesUnknown: number[] = []
  const answers = new Set<string>()
  const pause = () => new Promise((r) => setTimeout(r, 50))
  for (let i = 0; i < known.length; i++) {
    await pause()
    const a = await ask(known[i]!)
    await pause()
    const b = await ask(`ninguem.${i}.${Date.now()}@exemplo.com`)
    timesKnown.push(a.ms)
    timesUnknown.push(b.ms)
    answers.add(`${a.status} ${a.text}`)
    answers.add(`${b.status} ${b.text}`)
  }
  const [k50, u50] = [percentile(timesKnown, 50), percentile(timesUnknown, 50)]
  const [k90, u90] = [percentile(timesKnown, 90), percentile(timesUnknown, 90)]
  console.log(
    `${label.padEnd(34)} known p50 ${k50.toFixed(2)} ms  unknown p50 ${u50.toFixed(2)} ms  ratio ${(k50 / u50).toFixed(2)}   ` +
      `p90 ${k90.toFixed(2)} / ${u90.toFixed(2)} ms  ratio ${(k90 / u90).toFixed(2)}   distinct answers: ${answers.size}`,
  )
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'loja-bench-enum-'))
const store = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '1', TRUST_PROXY: '1' })
const base = store.baseUrl
try {
  // Accounts for the reset, and guest orders (static PIX) for the code.
  const adminRes = await fetch(`${base}/api/auth/simple-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
    body: JSON.stringify({ email: 'admin@teste.com', password: 'admin-senha-123' }),
  })
  const adminCookie = String(adminRes.headers.get('set-cookie')).split(';')[0]!
  await post(
    base,
    '/api/admin/settings',
    { key: 'pix_key', value: 'loja@exemplo.com.br' },
    adminCookie,
  )
  const products = (await (await fetch(`${base}/api/products`)).json()) as {
    id: number
    isFree: boolean
  }[]
  const paid = products.find((p) => !p.isFree)!.id

  const accounts: string[] = []
  const buyers: string[] = []
  for (let i = 0; i < PAIRS; i++) {
    const email = `conta.${i}@exemplo.com`
    const res = await post(base, '/api/auth/register', {
      firstName: 'Ana',
      lastName: 'Lima',
      email,
      whatsapp: '11987654321',
      password: 'senha-do-bench-1',
    })
    if (res.status !== 201 && res.status !== 200)
      throw new Error(`register: ${res.status} ${res.text}`)
    accounts.push(email)
    const buyer = `compra.${i}@exemplo.com`
    const order = await post(base, '/api/checkout', {
      items: [{ productId: paid, quantity: 1 }],
      customerData: {
        firstName: 'Bia',
        lastName: 'Souza',
        email: buyer,
        whatsapp: '11987654321',
        createAccount: false,
        acceptTerms: true,
      },
    })
    if (order.status !== 201) throw new Error(`checkout: ${order.status} ${order.text}`)
    buyers.push(buyer)
  }
  console.log(`${PAIRS} known and ${PAIRS} unknown e-mails, alternately, one request at a time`)
  await compare(
    'POST /api/auth/forgot-password',
    (email) => post(base, '/api/auth/forgot-password', { email }),
    accounts,
  )
  await compare(
    'POST /api/guest-access/code',
    (email) => post(base, '/api/guest-access/code', { email }),
    buyers,
  )
} finally {
  await stopServer(store.child)
  await rm(dataDir, { recursive: true, force: true })
}
