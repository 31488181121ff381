/**
 * Page previews. First, the preview of a 200-page PDF of about 20 MB (6 pages chosen) is made
 * in the capped thread the store uses (the built preview-worker.js): time and the peak memory
 * growth of the process (VmHWM after resetting it). Then the built server: checkouts and
 * catalogue reads per second, idle and while three such previews are drawn in the background
 * (each measured alone, the catalogue first: the three take longer than both windows);
 * the ratio must not drop below 0.8.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import autocannon from 'autocannon'
import { runCapped } from '../src/server/lib/capped-worker.js'
import type { PreviewReply, PreviewRequest } from '../src/server/modules/previews/preview-worker.js'
import { samplePdf } from '../src/server/testing/sample-pdf.js'
import { buyerAddress, startServer } from './server-process.js'

const MB = 1024 * 1024
const GOAL_RATIO = 0.8
const WINDOW_S = 6
/** The store's default caps: STAMP_MAX_MEMORY_MB and the stamping's background limit. */
const CAPS = { memoryMb: 768, timeoutMs: 60_000 }

function status(field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(field))!
  return Number(/(\d+)/.exec(line)![1]) * 1024
}

async function previewOnce(pdf: Uint8Array) {
  writeFileSync('/proc/self/clear_refs', '5')
  const before = status('VmRSS')
  const bytes = pdf.slice().buffer
  const started = performance.now()
  const outcome = await runCapped<PreviewRequest, PreviewReply>({
    from: pathToFileURL(path.resolve('dist/server/main.js')).href,
    file: 'preview-worker',
    request: {
      bytes,
      pages: [1, 2, 3, 4, 5, 6],
      storeName: 'Loja da Bench',
      maxBytes: 64 * 2 ** 20,
    },
    transfer: [bytes],
    ...CAPS,
  })
  const ms = performance.now() - started
  if (outcome.kind !== 'reply' || outcome.reply.kind !== 'rendered') {
    throw new Error(`preview: ${JSON.stringify(outcome).slice(0, 200)}`)
  }
  const sizes = outcome.reply.pages.map((p) => p.bytes.byteLength)
  return { ms, peakGrowth: status('VmHWM') - before, sizes }
}

async function singleFile(pdf: Uint8Array) {
  const runs = []
  for (let i = 0; i < 3; i++) runs.push(await previewOnce(pdf))
  const best = runs.reduce((a, b) => (b.ms < a.ms ? b : a))
  const peak = Math.max(...runs.map((r) => r.peakGrowth))
  const kb = best.sizes.map((s) => `${Math.round(s / 1024)}`).join(', ')
  console.log(`file: 200 pages, ${(pdf.length / MB).toFixed(1)} MB; 6 pages drawn (${kb} KB WebP)`)
  console.log(
    `preview: ${best.ms.toFixed(0)} ms (runs: ${runs.map((r) => r.ms.toFixed(0)).join(', ')} ms; a fresh thread each)`,
  )
  console.log(
    `peak memory growth of the process: ${(peak / MB).toFixed(1)} MB (cap ${CAPS.memoryMb} MB)`,
  )
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
})

let buyers = 0

/** Guest checkouts placed by 10 buyers at once for `seconds`: orders per second. */
async function checkoutRate(baseUrl: string, productId: number, seconds: number) {
  const until = Date.now() + seconds * 1000
  let placed = 0
  let failed = 0
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (Date.now() < until) {
        const session = `cart_${randomBytes(16).toString('hex')}_${Date.now()}`
        const customerData = {
          ...{ firstName: 'João', lastName: 'Conceição', whatsapp: '(11) 98765-4321' },
          ...{ email: `joao.${randomBytes(4).toString('hex')}@escola.com`, acceptTerms: true },
          createAccount: false,
        }
        const res = await fetch(
          `${baseUrl}/api/checkout`,
          json(
            { items: [{ productId, quantity: 1 }], customerData },
            { 'x-session-id': session, 'x-forwarded-for': buyerAddress(++buyers) },
          ),
        )
        await res.arrayBuffer()
        if (res.status === 201) placed += 1
        else failed += 1
      }
    }),
  )
  return { perSecond: placed / seconds, failed }
}

async function catalogueRate(baseUrl: string, seconds: number) {
  const result = await autocannon({
    url: `${baseUrl}/api/products`,
    connections: 10,
    duration: seconds,
  })
  return { perSecond: result.requests.average, errors: result.errors + result.non2xx }
}

/** One after the other, each alone against the store (together, checkouts starve reads). */
async function rates(baseUrl: string, productId: number) {
  const catalogue = await catalogueRate(baseUrl, WINDOW_S)
  const checkout = await checkoutRate(baseUrl, productId, WINDOW_S)
  return { checkout, catalogue }
}

async function adminCookie(baseUrl: string) {
  const res = await fetch(
    `${baseUrl}/api/admin/login`,
    json({ username: 'admin@teste.com', password: 'admin-senha-123' }, { origin: baseUrl }),
  )
  return res.headers.get('set-cookie')!.split(';')[0]!
}

async function underLoad(dir: string, pdf: Uint8Array) {
  const store = await startServer({
    DATA_DIR: path.join(dir, 'store'),
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    ADMIN_EMAIL: 'admin@teste.com',
    ADMIN_PASSWORD: 'admin-senha-123',
  })
  try {
    const cookie = await adminCookie(store.baseUrl)
    const sharp = (await import('sharp')).default
    const cover = await sharp({
      create: { width: 200, height: 200, channels: 3, background: '#888' },
    })
      .png()
      .toBuffer()
    // The demo's own previews are drawn first; the idle figures come once they are.
    await new Promise((resolve) => setTimeout(resolve, 20_000))
    const buyable = 1
    await catalogueRate(store.baseUrl, 2)
    const idle = await rates(store.baseUrl, buyable)
    const created: number[] = []
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${store.baseUrl}/api/products/base64`, {
        ...json(
          {
            ...{ name: `Caderno grande ${i + 1}`, description: 'Bench', price: '9.90' },
            ...{ category: 'alfabetizacao', imageBase64: cover.toString('base64') },
            ...{
              imageFileName: 'capa.png',
              downloadFileBase64: Buffer.from(pdf).toString('base64'),
            },
            ...{ downloadFileName: 'caderno.pdf', downloadFileType: 'application/pdf' },
            previewPages: '1,2,3,4,5,6',
          },
          { cookie, origin: store.baseUrl },
        ),
      })
      if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`)
      created.push(((await res.json()) as { id: number }).id)
    }
    const busyStarted = Date.now()
    const busy = await rates(store.baseUrl, buyable)
    let ready = 0
    while (Date.now() - busyStarted < 120_000) {
      const states = await Promise.all(
        created.map(async (id) => {
          const res = await fetch(`${store.baseUrl}/api/admin/products/${id}/previews`, {
            headers: { cookie },
          })
          return ((await res.json()) as { status: string }).status
        }),
      )
      ready = states.filter((s) => s === 'ready').length
      if (states.every((s) => s !== 'pending')) break
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    const took = (Date.now() - busyStarted) / 1000
    const ratio = (b: number, a: number) => (a > 0 ? b / a : 0)
    const checkoutRatio = ratio(busy.checkout.perSecond, idle.checkout.perSecond)
    const catalogueRatio = ratio(busy.catalogue.perSecond, idle.catalogue.perSecond)
    const verdict = (r: number) => (r >= GOAL_RATIO ? 'met' : 'missed')
    console.log(
      `\nthe built store, ${WINDOW_S} s windows, GET /api/products from 10 connections, then 10 buyers checking out`,
    )
    console.log(
      `idle:                checkout ${idle.checkout.perSecond.toFixed(1)} orders/s (${idle.checkout.failed} refused)  catalogue ${idle.catalogue.perSecond.toFixed(0)} req/s (${idle.catalogue.errors} errors)`,
    )
    console.log(
      `3 previews drawing:  checkout ${busy.checkout.perSecond.toFixed(1)} orders/s (${busy.checkout.failed} refused)  catalogue ${busy.catalogue.perSecond.toFixed(0)} req/s (${busy.catalogue.errors} errors)`,
    )
    console.log(
      `ratio busy/idle:     checkout ${checkoutRatio.toFixed(2)}  catalogue ${catalogueRatio.toFixed(2)}  (goal ≥ ${GOAL_RATIO}: ${verdict(checkoutRatio)}, ${verdict(catalogueRatio)})`,
    )
    console.log(`previews ready: ${ready} of 3, ${took.toFixed(1)} s after the uploads`)
  } finally {
    store.child.kill('SIGTERM')
  }
}

const dir = await mkdtemp(path.join(tmpdir(), 'loja-previews-bench-'))
try {
  const pdf = await samplePdf({ pages: 200, imageBytes: 140_000, title: 'Caderno' })
  await singleFile(pdf)
  await underLoad(dir, pdf)
} finally {
  await rm(dir, { recursive: true, force: true })
}
