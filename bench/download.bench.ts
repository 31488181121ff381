/**
 * Delivering a big material: a 500 MB file is stored through FileStorage and bought (a paid
 * order and its purchase in the database), then 4 clients download it at once through their
 * signed links from the built server, in 3 rounds alternating with 4 simultaneous reads of the
 * same file from disk in this process (both from the page cache: the file was just written).
 * Prints how much the server's memory grew (VmRSS sampled every 20 ms, over all rounds) and the
 * throughput of the best round of each side, as a ratio. With `--s3` the material lives on a
 * local S3-compatible server (s3rver, started here) and the server streams it out of the bucket;
 * the disk side reads the same bytes from a local copy.
 */
import { execFile, execFileSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createReadStream, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { openDatabase } from '../src/server/db/client.js'
import { purchases } from '../src/server/modules/downloads/downloads.tables.js'
import { orderItems, orders } from '../src/server/modules/orders/orders.tables.js'
import { productFiles, products } from '../src/server/modules/products/products.tables.js'
import { LocalDiskStorage } from '../src/server/files/storage.js'
import { S3Storage } from '../src/server/files/s3-storage.js'
import { startS3, useS3 } from './s3-server.js'
import { startServer } from './server-process.js'

const MB = 1024 * 1024
const SIZE = 500 * MB
const CLIENTS = 4
const ROUNDS = 3
// Links at ≥ 0.8 of the disk's pace.
const GOALS = { rssGrowthMb: 64, ratio: 0.8 }
const hasCurl = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()
const buyer = { email: 'bench@exemplo.com', whatsapp: '5511987654321' }

/** The material, stored the way uploads are, and a paid purchase of it with room for 4+. */
async function prepare(dataDir: string, s3?: Record<string, string>): Promise<number> {
  const database = await openDatabase({ dataDir })
  await database.migrate()
  const storage = new LocalDiskStorage(path.join(dataDir, 'files'))
  const key = 'files/bench/material-grande.pdf'
  const block = randomBytes(MB)
  const chunks = function* () {
    for (let i = 0; i < SIZE / MB; i++) yield Buffer.concat([Buffer.from([i & 255]), block], MB)
  }
  const stored = await storage.put(key, Readable.from(chunks()))
  if (s3) {
    const bucket = new S3Storage({
      bucket: s3.S3_BUCKET!,
      region: s3.S3_REGION!,
      endpoint: s3.S3_ENDPOINT,
      accessKeyId: s3.S3_ACCESS_KEY_ID,
      secretAccessKey: s3.S3_SECRET_ACCESS_KEY,
      forcePathStyle: true,
      // On this machine: the operator's ALLOW_PRIVATE_INTEGRATIONS.
      allowPrivate: true,
    })
    await bucket.put(key, storage.read(key))
    bucket.close()
  }
  const { db } = database
  const [product] = await db
    .insert(products)
    .values({ name: 'Material de 500 MB', priceCents: 1990, category: 'alfabetizacao' })
    .returning()
  const productId = product!.id
  await db.insert(productFiles).values({
    ...{ productId, position: 0, fileName: 'material-grande.pdf', mimeType: 'application/pdf' },
    ...{ sizeBytes: stored.size, storageKey: key, sha256: stored.sha256 },
  })
  await db.insert(orders).values({
    ...{ id: 'bench-order', customerName: 'Bench', customerEmail: buyer.email },
    ...{ customerWhatsapp: buyer.whatsapp, totalCents: 1990, status: 'paid' as const },
    paymentProvider: 'demo',
  })
  const [item] = await db
    .insert(orderItems)
    .values({
      orderId: 'bench-order',
      productId,
      productName: 'x',
      unitPriceCents: 1990,
      quantity: 1,
    })
    .returning()
  await db.insert(purchases).values({
    ...{ orderId: 'bench-order', orderItemId: item!.id, customerEmail: buyer.email },
    ...{ productId, maxDownloads: CLIENTS * ROUNDS },
  })
  await database.close()
  return productId
}

async function requestLink(baseUrl: string, productId: number): Promise<string> {
  const res = await fetch(`${baseUrl}/api/guest-download?data=0`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productId, ...buyer }),
  })
  if (!res.ok) throw new Error(`guest-download: ${res.status} ${await res.text()}`)
  return `${baseUrl}${((await res.json()) as { downloadUrl: string }).downloadUrl}`
}

/**
 * One client: curl when installed (native code, as a browser's network stack is, so the client
 * is not what is measured), else node:http. Answers the bytes received.
 */
function download(url: string): Promise<number> {
  if (!hasCurl) return drain(url)
  return new Promise((resolve, reject) => {
    execFile(
      'curl',
      ['-sS', '-o', '/dev/null', '-w', '%{size_download} %{http_code}', url],
      (error, out) => {
        const [bytes, status] = out.split(' ')
        if (error || status !== '200') reject(error ?? new Error(`GET ${url}: ${status}`))
        else resolve(Number(bytes))
      },
    )
  })
}

/** Reads a whole response, keeping only its length. */
function drain(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        if (res.statusCode !== 200) reject(new Error(`GET ${url}: ${res.statusCode}`))
        let bytes = 0
        res.on('data', (chunk: Buffer) => (bytes += chunk.length))
        res.on('end', () => resolve(bytes))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

function drainFile(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let bytes = 0
    createReadStream(file)
      .on('data', (chunk) => (bytes += chunk.length))
      .on('end', () => resolve(bytes))
      .on('error', reject)
  })
}

/** Kilobytes of a /proc/<pid>/status field (Linux). */
function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))
  return Number(line?.[1] ?? 0)
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i)

async function timed<T>(work: () => Promise<T[]>): Promise<{ ms: number; results: T[] }> {
  const start = performance.now()
  const results = await work()
  return { ms: performance.now() - start, results }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'loja-bench-download-'))
const s3 = useS3 ? await startS3() : undefined
try {
  const productId = await prepare(dataDir, s3?.env)
  const file = path.join(dataDir, 'files', 'files/bench/material-grande.pdf')
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '0', ...s3?.env })
  const pid = server.child.pid!
  const links: number[] = []
  const disk: number[] = []
  let before = 0
  let peak = 0
  try {
    // Rounds alternate so that other work on the machine weighs on both sides alike.
    for (let round = 0; round < ROUNDS; round++) {
      disk.push((await timed(() => Promise.all(range(CLIENTS).map(() => drainFile(file))))).ms)
      const urls: string[] = []
      for (const _ of range(CLIENTS)) urls.push(await requestLink(server.baseUrl, productId))
      if (round === 0) {
        // The first request down this path compiles it; that memory is not the downloads'.
        await fetch(urls[0]!, { headers: { range: 'bytes=0-0' } }).then((r) => r.arrayBuffer())
        before = peak = statusKb(pid, 'VmRSS')
      }
      const sampler = setInterval(() => (peak = Math.max(peak, statusKb(pid, 'VmRSS'))), 20)
      const run = await timed(() => Promise.all(urls.map(download)))
      clearInterval(sampler)
      if (run.results.some((n) => n !== SIZE)) throw new Error(`short download: ${run.results}`)
      links.push(run.ms)
    }
    peak = Math.max(peak, statusKb(pid, 'VmRSS'))
    const growth = (peak - before) / 1024
    console.log(
      `server RSS before ${(before / 1024).toFixed(1)} MB, peak during downloads ${(peak / 1024).toFixed(1)} MB: grew ${growth.toFixed(1)} MB (goal < ${GOALS.rssGrowthMb} MB: ${growth < GOALS.rssGrowthMb ? 'met' : 'missed'})`,
    )
    console.log(`server VmHWM (peak since start) ${(statusKb(pid, 'VmHWM') / 1024).toFixed(1)} MB`)
  } finally {
    await stop(server.child)
  }
  const rate = (ms: number) => `${((CLIENTS * SIZE) / MB / (ms / 1000)).toFixed(0)} MB/s`
  const each = (list: number[]) => list.map(rate).join(', ')
  const client = hasCurl ? 'curl' : 'node:http'
  console.log(
    `${CLIENTS} × ${SIZE / MB} MB through signed links (${client} clients, file ${s3 ? 'in an S3 bucket on s3rver' : 'on local disk'}): ${each(links)}`,
  )
  console.log(`${CLIENTS} × ${SIZE / MB} MB read from disk in this process: ${each(disk)}`)
  const ratio = Math.min(...disk) / Math.min(...links)
  console.log(
    `  ratio links/disk, best of ${ROUNDS}: ${ratio.toFixed(2)} (goal ≥ ${GOALS.ratio}: ${ratio >= GOALS.ratio ? 'met' : 'missed'}; ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)})`,
  )
} finally {
  await s3?.close()
  await rm(dataDir, { recursive: true, force: true })
}
