/**
 * The two engines issue 43 allows, measured side by side for decision 035, on the same
 * words (name, who it is for, skills' codes and texts, description):
 *
 * - MiniSearch in this process, as the store runs it (catalog-index.ts): the time to index
 *   10,000 products one by one, the heap it holds (the BNCC's index aside), and query latency
 *   p50/p95.
 * - PostgreSQL full-text search: `portuguese` configuration over `unaccent`, the four fields
 *   weighted A–D in one GIN-indexed tsvector, every word ANDed, the last as a prefix, ranked
 *   by ts_rank; latency p50/p95 through a pooled connection, as the server would ask.
 * - Quality: the search-quality table's 34 queries on its 32-material shelf, with both.
 *
 * `npm run bench -- search-engine`; `--size=2000` for another size; PostgreSQL at BENCH_PG_URL
 * (else the local one).
 */
import v8 from 'node:v8'
import vm from 'node:vm'
import pg from 'pg'
import type { Product } from '../src/contracts/products.js'
import { tagsOfCategory, withImplied } from '../src/contracts/school.js'
import { impliedBy, skillByCode, skillScores } from '../src/server/modules/bncc/bncc.service.js'
import { createCatalogIndex } from '../src/server/modules/catalog/catalog-index.js'
import { categoryOf } from '../src/contracts/categories.js'
import { ANOS, COMPONENTES, TEMAS, TIPOS } from '../src/contracts/school.js'
import { QUERIES, SHELF } from '../src/server/modules/catalog/search-quality.fixture.js'
import { psql, urlFor } from './pg.js'

const sizeFlag = process.argv.find((a) => a.startsWith('--size='))
const SIZE = sizeFlag ? Number(sizeFlag.slice(7)) : 10_000
const ROUNDS = 5
const skillText = (code: string) => skillByCode(code)?.text

const labelsOf = (list: readonly { id: string; label: string }[], ids: (string | null)[]) =>
  list.filter((item) => ids.includes(item.id)).map((item) => item.label)

/** A row for PostgreSQL: the same words the store's three indexes hold, in four columns. */
interface PgDoc {
  id: number
  name: string
  tags: string
  skills: string
  description: string
}
const pgDocOf = (product: Product): PgDoc => ({
  id: product.id,
  name: product.name,
  tags: [
    ...labelsOf(ANOS, product.anos),
    ...labelsOf(COMPONENTES, product.componentes),
    ...labelsOf(TIPOS, [product.tipo]),
    ...labelsOf(TEMAS, [product.tema]),
    categoryOf(product.category).label,
  ].join('\n'),
  skills: product.bncc.map((code) => `${code}\n${skillText(code) ?? ''}`).join('\n'),
  description: product.description ?? '',
})

/** A shelf item as the server would hold it: codes' years and components, the category's tags. */
function productOf(item: (typeof SHELF)[number], id: number, edition?: number): Product {
  const bncc = item.bncc ? item.bncc.split(',') : []
  const byCategory = tagsOfCategory(item.category)
  const held = {
    anos: item.anos ? (item.anos.split(',') as Product['anos']) : byCategory.anos,
    componentes: item.componentes
      ? (item.componentes.split(',') as Product['componentes'])
      : byCategory.componentes,
  }
  const { anos, componentes } = withImplied(held, impliedBy(bncc))
  return {
    id,
    name: edition === undefined ? item.name : `${item.name} ${edition}`,
    description:
      edition === undefined ? item.description : `${item.description} (edição ${edition})`,
    category: item.category,
    bncc,
    anos,
    componentes,
    tipo: (item.tipo ?? byCategory.tipo) as Product['tipo'],
    tema: (item.tema ?? byCategory.tema) as Product['tema'],
  } as Product
}

const shelf = SHELF.map((item, i) => productOf(item, i + 1))
const keyOf = new Map(SHELF.map((item, i) => [i + 1, item.key]))
const many = Array.from({ length: SIZE }, (_, g) => productOf(SHELF[g % SHELF.length]!, g + 1, g))
const words = QUERIES.map(([q]) => q)

const percentile = (times: number[], q: number) =>
  [...times].sort((a, b) => a - b)[Math.floor(q * (times.length - 1))]!.toFixed(2)

/** How many queries find their material first and in the top 3, by a ranking function. */
async function quality(rank: (q: string) => Promise<number[]>) {
  let first = 0
  let top3 = 0
  const missed: string[] = []
  for (const [q, expected] of QUERIES) {
    const position = (await rank(q)).findIndex((id) => keyOf.get(id) === expected) + 1
    if (position === 1) first++
    if (position >= 1 && position <= 3) top3++
    else missed.push(q)
  }
  return { first, top3, missed }
}

// --- MiniSearch, in this process ---
v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc') as () => void
const sold = new Map<number, number>()
// The BNCC's index is built before the heap is read: the catalogue's cost alone is measured.
skillScores('frações')
gc()
const heapBefore = process.memoryUsage().heapUsed
const index = createCatalogIndex(skillScores)
const buildStarted = performance.now()
for (const product of many) index.put(product)
const buildMs = performance.now() - buildStarted
gc()
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024
const miniTimes: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  for (const q of words) {
    const started = performance.now()
    index.search(q, sold)
    miniTimes.push(performance.now() - started)
  }
}
const shelfIndex = createCatalogIndex(skillScores)
for (const product of shelf) shelfIndex.put(product)
const miniQuality = await quality(async (q) => shelfIndex.search(q, sold))

// --- PostgreSQL full-text search ---
const db = `bench_search_${process.pid}`
psql('postgres', `CREATE DATABASE ${db}`)
const pool = new pg.Pool({ connectionString: urlFor(db), max: 4 })
try {
  await pool.query(`
    CREATE EXTENSION unaccent;
    CREATE TABLE docs (id int PRIMARY KEY, name text, tags text, skills text, description text,
                       tsv tsvector);
  `)
  async function load(table: string, docs: PgDoc[]) {
    if (table !== 'docs') await pool.query(`CREATE TABLE ${table} (LIKE docs)`)
    for (let i = 0; i < docs.length; i += 1000) {
      const slice = docs.slice(i, i + 1000)
      await pool.query(
        `INSERT INTO ${table} (id, name, tags, skills, description)
         SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[])`,
        [
          slice.map((d) => d.id),
          slice.map((d) => d.name),
          slice.map((d) => d.tags),
          slice.map((d) => d.skills),
          slice.map((d) => d.description),
        ],
      )
    }
    const started = performance.now()
    await pool.query(`
      UPDATE ${table} SET tsv =
        setweight(to_tsvector('portuguese', unaccent(name)), 'A') ||
        setweight(to_tsvector('portuguese', unaccent(tags)), 'B') ||
        setweight(to_tsvector('portuguese', unaccent(skills)), 'C') ||
        setweight(to_tsvector('portuguese', unaccent(description)), 'D');
      CREATE INDEX ON ${table} USING gin (tsv);
      ANALYZE ${table};
    `)
    return performance.now() - started
  }
  const pgBuildMs = await load('docs', many.map(pgDocOf))
  await load('shelf', shelf.map(pgDocOf))
  const indexMb =
    Number((await pool.query(`SELECT pg_total_relation_size('docs') AS bytes`)).rows[0].bytes) /
    1024 /
    1024

  /** Every word ANDed, the last one a prefix; words PostgreSQL drops as stop words are dropped. */
  const tsquery = (q: string) => {
    const parts = q
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
    return parts.map((w, i) => (i === parts.length - 1 ? `${w}:*` : w)).join(' & ')
  }
  const rankSql = (table: string) => `
    SELECT id FROM ${table}, to_tsquery('portuguese', unaccent($1)) query
    WHERE tsv @@ query ORDER BY ts_rank(tsv, query) DESC, id LIMIT 24`
  const pgTimes: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of words) {
      const started = performance.now()
      await pool.query(rankSql('docs'), [tsquery(q)])
      pgTimes.push(performance.now() - started)
    }
  }
  const pgQuality = await quality(async (q) =>
    (await pool.query(rankSql('shelf'), [tsquery(q)])).rows.map((r) => r.id as number),
  )

  console.log(`\n${SIZE.toLocaleString('en')} products, ${words.length} queries × ${ROUNDS}`)
  console.log(
    `MiniSearch (in process): indexed in ${buildMs.toFixed(0)} ms, heap ${heapMb.toFixed(1)} MB, ` +
      `query p50 ${percentile(miniTimes, 0.5)} ms, p95 ${percentile(miniTimes, 0.95)} ms`,
  )
  console.log(
    `PostgreSQL FTS: tsvectors and GIN index made in ${pgBuildMs.toFixed(0)} ms, ` +
      `table with index ${indexMb.toFixed(1)} MB, query p50 ${percentile(pgTimes, 0.5)} ms, ` +
      `p95 ${percentile(pgTimes, 0.95)} ms (one round trip each, local server)`,
  )
  for (const [name, q] of [
    ['MiniSearch', miniQuality],
    ['PostgreSQL FTS', pgQuality],
  ] as const) {
    console.log(
      `quality, ${name}: ${q.first}/${QUERIES.length} first, ${q.top3}/${QUERIES.length} in the top 3` +
        (q.missed.length ? `; missed: ${q.missed.map((m) => `'${m}'`).join(', ')}` : ''),
    )
  }
} finally {
  await pool.end()
  psql('postgres', `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`)
}
