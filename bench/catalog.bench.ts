/**
 * Catalogue throughput: the public reads (GET /api/products, a page of /api/catalog, its
 * categories, one product) and the home page from the real server (built, demo catalogue,
 * PGlite), beside a bare node:http server answering the very same bytes, at 50 connections.
 * Also the gzip size of the JavaScript the home page loads.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { formatLoad, load } from './load.js'
import { freePort, startServer, stopServer } from './server-process.js'

const dataDir = await mkdtemp(path.join(tmpdir(), 'loja-bench-'))
const store = await startServer({ DATA_DIR: dataDir })

const rows: [string, string][] = [
  ['GET /api/products', '/api/products'],
  ['GET /api/catalog?page=1', '/api/catalog?page=1'],
  ['GET /api/catalog?q=… (a search)', '/api/catalog?q=alfabetizacao'],
  ['GET /api/catalog/categories', '/api/catalog/categories'],
  ['GET /api/products/1', '/api/products/1'],
  ['GET / (home HTML)', '/'],
]
const answers: Record<string, { body: Buffer; type: string }> = {}
for (const [, url] of rows) answers[url] = await fetchBytes(`${store.baseUrl}${url}`)
const bare = await startBareServer(answers)

const products = answers['/api/products']!
console.log(
  `demo catalogue: ${JSON.parse(products.body.toString()).length} products, ${products.body.length} bytes of JSON`,
)
const RATIO_GOAL = 0.8
for (const [label, url] of rows) {
  const ours = await load(`${store.baseUrl}${url}`, { pid: store.child.pid })
  const base = await load(`${bare.baseUrl}${url}`, { pid: bare.child.pid })
  console.log(formatLoad(`${label} — store`, ours))
  console.log(formatLoad(`${label} — bare node:http`, base))
  const ratio = ours.requestsPerSecond / base.requestsPerSecond
  // The server's own CPU per request, store against bare: what the ratio is when neither the
  // load generator nor the other programs of a shared machine take their share.
  const cpuRatio = base.cpuMicrosPerRequest! / ours.cpuMicrosPerRequest!
  console.log(
    `  ${label}: ratio store/bare ${ratio.toFixed(2)}, goal ≥ ${RATIO_GOAL.toFixed(2)}: ${ratio >= RATIO_GOAL ? 'met' : 'missed'}` +
      `   server CPU per request: store ${ours.cpuMicrosPerRequest!.toFixed(0)} µs, bare ${base.cpuMicrosPerRequest!.toFixed(0)} µs, ratio ${cpuRatio.toFixed(2)}: ${cpuRatio >= RATIO_GOAL ? 'met' : 'missed'}` +
      `   p99 ${ours.p99} ms, goal < 20 ms: ${ours.p99 < 20 ? 'met' : 'missed'}`,
  )
}

const homeJs = await homeJavaScriptGzip()
console.log(
  `home page JavaScript, gzip: ${homeJs.toFixed(1)} KB, goal ≤ 85 KB: ${homeJs <= 85 ? 'met' : 'missed'}`,
)

// Not run on the home: the product page's chunks, fetched at the lowest priority (page-preloads).
const prefetched = await gzipKb(
  [
    ...answers['/']!.body.toString().matchAll(/rel="prefetch"[^>]*href="\/(assets\/[^"]+\.js)"/g),
  ].map((m) => m[1]!),
)
console.log(`  and prefetched for the product page (not run): ${prefetched.toFixed(1)} KB gzip`)

await Promise.all([stopServer(store.child), stopServer(bare.child)])
await rm(dataDir, { recursive: true, force: true })

async function fetchBytes(url: string) {
  const res = await fetch(url)
  return { body: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type') ?? '' }
}

/** The comparison: another process that only writes the same bytes with the same type. */
async function startBareServer(bodies: Record<string, { body: Buffer; type: string }>) {
  const port = await freePort()
  const table: Record<string, [string, string]> = {}
  for (const [url, { body, type }] of Object.entries(bodies)) {
    const file = path.join(dataDir, `bare-${Object.keys(table).length}`)
    await writeFile(file, body)
    table[url] = [file, type]
  }
  const source = `
    const http = require('node:http'); const fs = require('node:fs')
    const table = new Map(Object.entries(${JSON.stringify(table)}).map(([u, [f, t]]) => [u, [fs.readFileSync(f), t]]))
    http.createServer((req, res) => {
      const [body, type] = table.get(req.url) ?? table.get('/')
      res.writeHead(200, { 'content-type': type, 'content-length': body.length }); res.end(body)
    }).listen(${port}, '127.0.0.1')`
  const child = spawn(process.execPath, ['-e', source], { stdio: 'inherit' })
  const baseUrl = `http://127.0.0.1:${port}`
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(baseUrl)
      break
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  return { child, baseUrl }
}

/** Scripts and module preloads named by the built index.html, gzipped as served. */
async function homeJavaScriptGzip(): Promise<number> {
  const html = await readFile('dist/client/index.html', 'utf8')
  return gzipKb([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!))
}

async function gzipKb(files: string[]): Promise<number> {
  let bytes = 0
  for (const file of new Set(files)) {
    const size = gzipSync(await readFile(path.join('dist/client', file)), { level: 9 }).length
    console.log(`  ${file}: ${(size / 1024).toFixed(1)} KB gzip`)
    bytes += size
  }
  return bytes / 1024
}
