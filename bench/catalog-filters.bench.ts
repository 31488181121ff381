/**
 * The catalogue's filters and facets at 10,000 tagged products, the built server as its own
 * process on PostgreSQL (BENCH_PG_URL, else postgres://postgres@127.0.0.1:5432).
 *
 * - A filtered search with its facet counts (`/api/catalog?q=…&ano=…&componente=…`), each
 *   query new to the server's caches: latency p50/p95 from outside, one request at a time.
 * - Throughput of the home's grid with filters (one filtered address, 50 connections) beside
 *   today's `/api/catalog?page=1`, and the ratio.
 * - The server's resident memory with the catalogue tagged and indexed, beside the same
 *   catalogue untagged (the BNCC list is loaded in both: it is the module's, always there).
 *
 * `npm run bench -- catalog-filters`; `--size=2000` for another size.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import v8 from 'node:v8'
import vm from 'node:vm'
import { formatLoad, load } from './load.js'
import { psql, urlFor } from './pg.js'
import { startServer, stopServer } from './server-process.js'

const sizeFlag = process.argv.find((a) => a.startsWith('--size='))
const SIZE = sizeFlag ? Number(sizeFlag.slice(7)) : 10_000
const TARGETS = { filteredP95: 30, throughputRatio: 0.8, memoryMb: 30 }

/** Resident memory of a process, in MB (Linux /proc). */
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

/** `count` copies of the demo's products; tagged: each with codes, years, kind and theme. */
function clone(db: string, count: number, tagged: boolean) {
  const tags = tagged ? `, bncc, anos, componentes, tipo, tema` : ''
  const values = tagged
    ? `, ARRAY[(ARRAY['EF03MA09','EF04MA09','EF01LP06','EF05CI02','EF04GE05'])[1 + g % 5]],
       ARRAY[(ARRAY['1','2','3','4','5','6','7','8','9'])[1 + g % 9]],
       ARRAY[(ARRAY['MA','LP','CI','HI','GE','AR'])[1 + g % 6]],
       (ARRAY['jogo','atividades','avaliacao','cartaz','sequencia-didatica'])[1 + g % 5],
       CASE WHEN g % 4 = 0 THEN 'datas-comemorativas' ELSE NULL END`
    : ''
  psql(
    db,
    `
    CREATE TEMP TABLE originals AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, * FROM products;
    WITH made AS (
      INSERT INTO products (name, description, price_cents, category, is_free, is_active,
                            stamp_pdf, created_at, updated_at${tags})
      SELECT o.name || ' ' || g, o.description || ' (edição ' || g || ')',
             CASE WHEN o.is_free THEN 0 ELSE o.price_cents + (g % 7) * 100 END, o.category,
             o.is_free, true, o.stamp_pdf, now() - (g || ' minutes')::interval, now()${values}
      FROM generate_series(1, ${count}) g
      JOIN originals o ON o.n = g % (SELECT count(*) FROM originals)
      RETURNING id, name
    )
    INSERT INTO product_images (product_id, position, variants, hash, width, height)
      SELECT m.id, i.position, i.variants, i.hash, i.width, i.height
      FROM made m JOIN originals o ON m.name LIKE o.name || ' %'
      JOIN product_images i ON i.product_id = o.id;
    `,
  )
}

async function waitForTotal(base: string, size: number) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    const page = (await (await fetch(`${base}/api/catalog`)).json()) as { total: number }
    if (page.total >= size) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the catalogue never reached its size')
}

async function run(tagged: boolean) {
  const db = `bench_filters_${tagged ? 'tagged' : 'plain'}_${process.pid}`
  const dataDir = mkdtempSync(path.join(tmpdir(), 'catalog-filters-'))
  psql('postgres', `CREATE DATABASE ${db}`)
  let server: Awaited<ReturnType<typeof startServer>> | undefined
  try {
    server = await startServer({ DATABASE_URL: urlFor(db), DATA_DIR: dataDir })
    const seeded = Number(psql(db, 'SELECT count(*) FROM products'))
    clone(db, SIZE - seeded, tagged)
    psql(db, `SELECT pg_notify('loja_changes', '{"from":"bench","topic":"catalog:products"}')`)
    await waitForTotal(server.baseUrl, SIZE)
    const base = server.baseUrl
    // Read once each, as buyers would, then settled: the figure is what a held catalogue costs,
    // not the garbage of building it. V8 gives the pages of a large build back to the system
    // only after some seconds idle (its memory reducer); at 2 s the figure was 80 MB higher.
    await fetch(`${base}/api/catalog?page=1`)
    await new Promise((resolve) => setTimeout(resolve, 15_000))
    const rss = rssMb(server.child.pid!)
    if (!tagged) return { rss }

    // Each query new to the caches: every (year, component, kind) once, half of them with
    // words too, so each answer's facets are counted afresh over the matching cards.
    const words = ['', 'jogo', '', 'atividades', '', 'matematica', '', 'edição']
    const anos = ['1', '2', '3', '4', '5', '6', '7', '8', '9']
    const componentes = ['MA', 'LP', 'CI', 'HI', 'GE', 'AR']
    const tipos = ['jogo', 'atividades', 'avaliacao', 'cartaz', 'sequencia-didatica']
    const times: number[] = []
    for (let i = 0; i < anos.length * componentes.length * tipos.length; i++) {
      const query = new URLSearchParams({
        q: words[i % words.length]!,
        ano: anos[i % 9]!,
        componente: componentes[Math.floor(i / 9) % 6]!,
        tipo: tipos[Math.floor(i / 54) % 5]!,
      })
      const url = `${base}/api/catalog?${query}`
      const started = performance.now()
      const res = await fetch(url)
      await res.arrayBuffer()
      times.push(performance.now() - started)
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`)
    }
    times.sort((a, b) => a - b)
    const p = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(1)

    const plain = await load(`${base}/api/catalog?page=1`, { seconds: 10 })
    const filtered = await load(`${base}/api/catalog?page=1&ano=3&componente=MA&tipo=jogo`, {
      seconds: 10,
    })
    return { rss, p50: p(0.5), p95: p(0.95), plain, filtered }
  } finally {
    if (server) await stopServer(server.child)
    psql('postgres', `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * The BNCC list as the server holds it (1,580 entries with their folded texts): the heap it
 * takes once loaded, measured in this process around its first use.
 */
async function bnccHeapMb(): Promise<number> {
  v8.setFlagsFromString('--expose-gc')
  const gc = vm.runInNewContext('gc') as () => void
  gc()
  const before = process.memoryUsage().heapUsed
  const { searchSkills } = await import('../src/server/modules/bncc/bncc.service.js')
  searchSkills({ q: 'frações' })
  gc()
  return (process.memoryUsage().heapUsed - before) / 1024 / 1024
}

const bnccMb = await bnccHeapMb()
const untagged = await run(false)
const tagged = await run(true)
console.log(`\n${SIZE.toLocaleString('en')} products`)
console.log(
  `filtered search with facets, new each time: p50 ${tagged.p50} ms, p95 ${tagged.p95} ms ` +
    `(target p95 ≤ ${TARGETS.filteredP95} ms)`,
)
console.log(formatLoad('/api/catalog?page=1', tagged.plain!))
console.log(formatLoad('/api/catalog?page=1&ano&componente&tipo', tagged.filtered!))
console.log(
  `throughput filtered / plain: ${(tagged.filtered!.requestsPerSecond / tagged.plain!.requestsPerSecond).toFixed(2)} ` +
    `(target ≥ ${TARGETS.throughputRatio})`,
)
console.log(
  `resident memory: ${tagged.rss.toFixed(0)} MB tagged, ${untagged.rss.toFixed(0)} MB untagged, ` +
    `difference ${(tagged.rss - untagged.rss).toFixed(1)} MB; the BNCC list's heap ${bnccMb.toFixed(1)} MB ` +
    `(target: the two together ≤ ${TARGETS.memoryMb} MB)`,
)
