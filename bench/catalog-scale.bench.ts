/**
 * Big catalogues (decision 021): 2,000 and 10,000 products on PostgreSQL, the built
 * server as its own process.
 *
 * - A phone in Chromium (playwright-core + CDP: 4× CPU slowdown, 150 ms RTT, ~1.6 Mbps down):
 *   time to the first cards on screen, elements in the page, worst keystroke typing a search
 *   (Event Timing: from the key to the next frame).
 * - The server while the catalogue changes and is read: /healthz latency (p50/p99/max) asked
 *   from outside, and the event-loop delay the server itself saw (prom-client's
 *   monitorEventLoopDelay, read from /metrics), while an owner switches products on and off
 *   and buyers read /api/products, /api/catalog and the home page.
 *
 * The catalogue is made by the app (the demo's 12 products, with pictures and files) and then
 * cloned in SQL (`INSERT … SELECT generate_series`). Needs PostgreSQL: BENCH_PG_URL (a server
 * URL whose database part is replaced), else postgres://postgres@127.0.0.1:5432.
 * `npm run bench -- catalog-scale`; `--sizes=2000` picks the sizes, `--server-only` skips the
 * browser.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { chromium, type Page } from 'playwright-core'
import { psql, urlFor } from './pg.js'
import { startServer, stopServer } from './server-process.js'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef'
const sizesFlag = process.argv.find((a) => a.startsWith('--sizes='))
const SIZES = sizesFlag ? sizesFlag.slice(8).split(',').map(Number) : [2_000, 10_000]
const LOAD_SECONDS = 15

const TARGETS = {
  firstCards: 2_500,
  elements: 4_000,
  keystroke: 100,
  matchingAfterLastKey: 1_000,
  healthzP99: 50,
}

for (const size of SIZES) {
  const db = `bench_catalog_${size}_${process.pid}`
  const dataDir = mkdtempSync(path.join(tmpdir(), 'catalog-scale-'))
  psql('postgres', `CREATE DATABASE ${db}`)
  let server: Awaited<ReturnType<typeof startServer>> | undefined
  try {
    // First start: migrations and the demo catalogue (12 products with pictures and files).
    server = await startServer({
      DATABASE_URL: urlFor(db),
      DATA_DIR: dataDir,
      METRICS_TOKEN,
      MALLOC_ARENA_MAX: '2',
      // e.g. --require a profiler, to see where the server's time goes.
      ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}),
    })
    const seeded = Number(psql(db, 'SELECT count(*) FROM products'))
    cloneCatalogue(db, size - seeded)
    // Cloned behind the server's back: tell it as another instance would (decision 021).
    const started = Date.now()
    psql(db, `SELECT pg_notify('loja_changes', '{"from":"bench","topic":"catalog:products"}')`)
    const total = await waitForTotal(server.baseUrl, size)
    console.log(
      `\n${size.toLocaleString('en')} products (${total} on sale), catalogue refreshed ` +
        `${Date.now() - started} ms after the change signal`,
    )
    if (!process.argv.includes('--server-only')) await phone(server.baseUrl)
    await serverUnderChange(server.baseUrl)
  } finally {
    if (server) {
      await stopServer(server.child)
    }
    psql('postgres', `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** `count` more products, copies of the seeded ones with their pictures and files. */
function cloneCatalogue(db: string, count: number) {
  psql(
    db,
    `
    CREATE TEMP TABLE originals AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, * FROM products;
    CREATE TEMP TABLE clones AS
      SELECT g, (SELECT o.id FROM originals o WHERE o.n = g % (SELECT count(*) FROM originals)) AS source
      FROM generate_series(1, ${count}) g;
    ALTER TABLE clones ADD COLUMN id integer;
    WITH made AS (
      INSERT INTO products (name, description, price_cents, category, is_free, is_active,
                            external_link, canva_template_id, stamp_pdf, created_at, updated_at)
      SELECT o.name || ' ' || c.g, o.description || ' (edição ' || c.g || ')',
             CASE WHEN o.is_free THEN 0 ELSE o.price_cents + (c.g % 7) * 100 END, o.category, o.is_free, true,
             o.external_link, o.canva_template_id, o.stamp_pdf,
             now() - (c.g || ' minutes')::interval, now()
      FROM clones c JOIN originals o ON o.id = c.source
      ORDER BY c.g
      RETURNING id
    )
    UPDATE clones SET id = numbered.id
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS g FROM made) numbered
      WHERE clones.g = numbered.g;
    INSERT INTO product_images (product_id, position, variants, hash, width, height)
      SELECT c.id, i.position, i.variants, i.hash, i.width, i.height
      FROM clones c JOIN product_images i ON i.product_id = c.source;
    INSERT INTO product_files (product_id, position, file_name, mime_type, size_bytes, storage_key, sha256)
      SELECT c.id, f.position, f.file_name, f.mime_type, f.size_bytes, f.storage_key, f.sha256
      FROM clones c JOIN product_files f ON f.product_id = c.source;
    `,
  )
}

async function waitForTotal(base: string, size: number): Promise<number> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const page = (await (await fetch(`${base}/api/catalog`)).json()) as { total: number }
    if (page.total >= size) return page.total
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the catalogue never reached its size')
}

/** The home page on a mid-range phone: first cards, elements, the worst keystroke. */
async function phone(base: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true })
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.addInitScript(instrument)
    await page.goto(base + '/', { waitUntil: 'load' })
    await page.waitForFunction(
      () => (window as unknown as Probe).__firstCards !== undefined,
      null,
      {
        timeout: 60_000,
      },
    )
    await page.waitForFunction(() => (window as unknown as Probe).__firstCardsPainted !== undefined)
    const { firstCards, painted } = await page.evaluate(() => {
      const probe = window as unknown as Probe
      return { firstCards: probe.__firstCards!, painted: probe.__firstCardsPainted! }
    })
    await page.waitForTimeout(1_500)
    const elements = await page.evaluate(() => document.getElementsByTagName('*').length)
    const { keystroke, matching } = await typeSearch(page, base)
    const results = await page.textContent('[data-testid=results-count]')
    // Scrolled to the end of the first page: the next one comes in.
    await page.evaluate(() =>
      document.querySelector('[data-testid=load-more]')?.scrollIntoView({ block: 'end' }),
    )
    await page.waitForTimeout(200)
    line('first cards in the page', firstCards, 'ms')
    line('first cards painted', painted, 'ms', TARGETS.firstCards)
    line('elements in the page', elements, '', TARGETS.elements)
    line('worst keystroke (search box)', keystroke, 'ms', TARGETS.keystroke)
    line('only matching, after last key', matching, 'ms', TARGETS.matchingAfterLastKey)
    console.log(`  after typing "alfabetizacao": ${results?.trim()}`)
  } finally {
    await browser.close()
  }
}

interface Probe {
  /** The first card in the document (parsed), and the first frame painted with it. */
  __firstCards?: number
  __firstCardsPainted?: number
  __keys: number[]
  __lastKey?: number
}

/** In the page before its scripts: when the first card appears, and each keystroke's duration. */
function instrument() {
  const probe = window as unknown as Probe
  probe.__keys = []
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid=product-card] img')) {
      probe.__firstCards = Math.round(performance.now())
      // A frame's callbacks run just before it is painted; a task posted from one runs after.
      requestAnimationFrame(() =>
        setTimeout(() => (probe.__firstCardsPainted = Math.round(performance.now()))),
      )
      observer.disconnect()
    }
  }).observe(document, { childList: true, subtree: true })
  // Event Timing: from the key's hardware timestamp to the frame painted after its handlers.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (['keydown', 'keypress', 'keyup', 'input', 'beforeinput'].includes(entry.name))
        probe.__keys.push(entry.duration)
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
  // Below 16 ms Event Timing says nothing: a key with no entry took less than that.
  document.addEventListener('keydown', () => (probe.__lastKey = performance.now()), true)
}

/**
 * Types a search as a person does: the worst keystroke, and how long after the last key the grid
 * holds only the search's own first page (the cards the API answers for it, in its order).
 */
async function typeSearch(page: Page, base: string) {
  const expected = (
    (await (await fetch(`${base}/api/catalog?q=alfabetizacao`)).json()) as {
      items: Array<{ id: number }>
    }
  ).items.map((c) => `/produto/${c.id}`)
  await page.click('[data-testid=search-input]')
  await page.evaluate(() => ((window as unknown as Probe).__keys = []))
  // With a pause: the results of "alfa" arrive while typing goes on.
  await page.keyboard.type('alfa', { delay: 150 })
  await page.waitForTimeout(700)
  await page.keyboard.type('betizacao', { delay: 150 })
  const matching = await page.waitForFunction(
    (hrefs: string[]) => {
      const grid = document.querySelectorAll(
        '[data-testid=product-grid] [data-testid=product-card]',
      )
      const shown = [...grid].map((card) => card.getAttribute('href'))
      const probe = window as unknown as Probe
      return shown.length === hrefs.length && shown.every((href, i) => href === hrefs[i])
        ? performance.now() - probe.__lastKey!
        : false
    },
    expected,
    { timeout: 15_000 },
  )
  await page.waitForTimeout(1_000)
  const keys = await page.evaluate(() => (window as unknown as Probe).__keys)
  return {
    keystroke: keys.length ? Math.round(Math.max(...keys)) : 16,
    matching: Number(await matching.jsonValue()),
  }
}

/** /healthz from outside and the server's own event-loop delay, while the catalogue churns. */
async function serverUnderChange(base: string) {
  const login = await fetch(`${base}/api/auth/simple-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@teste.com', password: 'admin-senha-123' }),
  })
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!
  const ids = (
    (await (await fetch(`${base}/api/catalog?page=3`)).json()) as {
      items: Array<{ id: number }>
    }
  ).items.map((c) => c.id)
  // The machine's own noise first (the box is shared): health checks alone, nothing else.
  await eventLoopDelay(base)
  const idle = await probeHealthz(base, 3_000)
  const idleLoop = await eventLoopDelay(base)
  line('idle: /healthz p99', percentile(idle, 0.99), 'ms')
  line('idle: event-loop delay max', idleLoop.max, 'ms')

  await eventLoopDelay(base) // resets the server's histogram: what follows is this phase's
  const stopAt = Date.now() + LOAD_SECONDS * 1_000
  const running = () => Date.now() < stopAt
  let writes = 0
  let reads = 0
  const writer = async () => {
    for (let i = 0; running(); i++) {
      const id = ids[i % ids.length]!
      for (const isActive of [false, true]) {
        const res = await fetch(`${base}/api/admin/products-light/${id}/toggle`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ isActive }),
        })
        if (res.ok) writes++
        await res.arrayBuffer()
      }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  const reader = async (paths: string[], pauseMs = 0) => {
    for (let i = 0; running(); i++) {
      const res = await fetch(base + paths[i % paths.length]!, {
        headers: { 'accept-encoding': 'gzip' },
      })
      await res.arrayBuffer()
      reads++
      if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs))
    }
  }
  const [healthz] = await Promise.all([
    probeHealthz(base, LOAD_SECONDS * 1_000),
    writer(),
    // Buyers, back to back: the home page, searches, categories, pages, a product.
    reader(['/', '/api/catalog?q=alfabetizacao', '/api/catalog?page=2']),
    reader(['/api/catalog?category=matematica', '/api/products/5', '/api/catalog/categories']),
    // The whole list (older clients, integrations) once a second: at 10,000 products it is
    // ~15 MB of JSON, remade after each write. Read back to back it was the bench's own
    // bottleneck (gigabytes written in 15 s), not a buyer's pattern.
    reader(['/api/products'], 1_000),
  ])
  const loop = await eventLoopDelay(base)
  const pct = (p: number) => percentile(healthz, p)
  console.log(
    `  ${LOAD_SECONDS} s of change: ${writes} product writes, ${reads} catalogue reads, ` +
      `${healthz.length} health checks`,
  )
  line('/healthz p50', pct(0.5), 'ms')
  line('/healthz p99', pct(0.99), 'ms', TARGETS.healthzP99)
  line('/healthz max', pct(1), 'ms')
  line('event-loop delay p99 (server)', loop.p99, 'ms')
  line('event-loop delay max (server)', loop.max, 'ms')
}

/**
 * /healthz's answer times (ms), one ask every 20 ms for `forMs`, from a worker thread of its
 * own: the readers' work in this process (decompressing megabytes of JSON) must not count as
 * the server's.
 */
async function probeHealthz(base: string, forMs: number): Promise<number[]> {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads')
    const times = []
    const until = Date.now() + workerData.forMs
    ;(async () => {
      while (Date.now() < until) {
        const t = performance.now()
        await (await fetch(workerData.base + '/healthz')).arrayBuffer()
        times.push(performance.now() - t)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      parentPort.postMessage(times)
    })()
    `,
    { eval: true, workerData: { base, forMs } },
  )
  return new Promise((resolve, reject) => {
    worker.once('message', (times: number[]) => {
      void worker.terminate()
      resolve(times)
    })
    worker.once('error', reject)
  })
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN
}

/** prom-client's event-loop figures since the last scrape (it resets them at each one). */
async function eventLoopDelay(base: string): Promise<{ p99: number; max: number }> {
  const text = await (
    await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text()
  const read = (name: string) =>
    Number(new RegExp(`^${name} ([0-9.e+-]+)`, 'm').exec(text)?.[1] ?? NaN) * 1_000
  return {
    p99: read('nodejs_eventloop_lag_p99_seconds'),
    max: read('nodejs_eventloop_lag_max_seconds'),
  }
}

function line(label: string, value: number, unit: string, target?: number) {
  const shown = `${Math.round(value).toLocaleString('en')}${unit ? ' ' + unit : ''}`
  const goal =
    target === undefined
      ? ''
      : `  (target < ${target.toLocaleString('en')}${unit ? ' ' + unit : ''}: ${value < target ? 'met' : 'NOT met'})`
  console.log(`  ${label.padEnd(32)} ${shown.padStart(9)}${goal}`)
}
