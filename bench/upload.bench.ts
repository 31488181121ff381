/**
 * Upload: one 500 MB PDF through POST /api/products to the real server (built, PGlite), over a
 * real socket. Prints how much the server's RSS grows while it streams the file (goal < 64 MB)
 * and the upload's throughput as a ratio of copying the same file on the same disk (goal ≥ 0.5).
 * UPLOAD_BENCH_MB changes the size. With `--s3` the store keeps its files on a local
 * S3-compatible server (s3rver, started here) instead of DATA_DIR/files.
 */
import { spawnSync } from 'node:child_process'
import { createReadStream, createWriteStream } from 'node:fs'
import { copyFile, mkdtemp, open, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import sharp from 'sharp'
import { startS3, useS3 } from './s3-server.js'
import { startServer, stopServer } from './server-process.js'
import { login, uploadProduct, writeSource } from './upload-client.js'

const MB = 1024 * 1024
const RUNS = 5
const size = Number(process.env.UPLOAD_BENCH_MB ?? 500) * MB
const dataDir = await mkdtemp(path.join(tmpdir(), 'loja-bench-upload-'))
const source = path.join(dataDir, 'material.pdf')
await writeSource(source, size)
const cover = await sharp({
  create: { width: 600, height: 600, channels: 3, background: '#e91e63' },
})
  .png()
  .toBuffer()

const s3 = useS3 ? await startS3() : undefined
const store = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '0', ...s3?.env })
// A failed run must not leave the server behind.
process.once('exit', () => store.child.kill('SIGKILL'))
const cookie = await login(store.baseUrl)
const pid = store.child.pid!
const target = { baseUrl: store.baseUrl, cookie, cover }

// Warm-up: sharp, busboy and the routes are loaded before the baseline is taken.
const small = path.join(dataDir, 'pequeno.pdf')
await writeSource(small, MB)
await uploadProduct(target, small, 'Aquecimento')

// Each timed run starts with no dirty pages waiting for the disk, or whichever runs second pays
// for the writeback of the first; copy and upload alternate, and the medians are compared.
const copy = `${source}.copy`
const copies: number[] = []
const kernelCopies: number[] = []
const uploads: number[] = []
const baseline = await rssOf(pid)
let peak = baseline
let created = { id: 0 }
for (let run = 0; run < RUNS; run++) {
  // Durable copies (fsync), as the upload makes its file durable before committing.
  const streamCopy = () =>
    pipeline(createReadStream(source), createWriteStream(copy, { flush: true }))
  copies.push(await timed(streamCopy))
  await rm(copy)
  kernelCopies.push(await timed(() => copyFile(source, copy).then(() => fsync(copy))))
  await rm(copy)
  const sampler = setInterval(() => {
    void rssOf(pid).then((rss) => (peak = Math.max(peak, rss)))
  }, 10)
  uploads.push(
    await timed(async () => (created = await uploadProduct(target, source, `Material ${run + 1}`))),
  )
  clearInterval(sampler)
}
const uploadMs = median(uploads)

const product = await fetch(`${store.baseUrl}/api/admin/products`, { headers: { cookie } })
  .then((r) => r.json() as Promise<{ id: number; downloadFiles: { size: number }[] }[]>)
  .then((list) => list.find((p) => p.id === created.id))
if (product?.downloadFiles[0]?.size !== size) throw new Error('the stored file has the wrong size')

const mbps = (ms: number) => (size / MB / (ms / 1000)).toFixed(0)
const growth = (peak - baseline) / MB
console.log(
  `file: ${size / MB} MB PDF, multipart POST /api/products over 127.0.0.1, stored ${s3 ? 'in an S3 bucket (s3rver on 127.0.0.1, in the bench process)' : 'on local disk'}`,
)
console.log(
  `server RSS: ${(baseline / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB while uploading, growth ${growth.toFixed(1)} MB  (goal < 64 MB: ${growth < 64 ? 'met' : 'missed'})`,
)
const runs = (ms: number[]) => ms.map((m) => (m / 1000).toFixed(2)).join(', ')
console.log(`upload (median of ${RUNS}): ${mbps(uploadMs)} MB/s  (runs: ${runs(uploads)} s)`)
console.log(
  `disk copy, Node streams (median of ${RUNS}): ${mbps(median(copies))} MB/s  (runs: ${runs(copies)} s)`,
)
console.log(
  `disk copy, fs.copyFile (median of ${RUNS}): ${mbps(median(kernelCopies))} MB/s  (runs: ${runs(kernelCopies)} s)`,
)
// Node streams copy through user space as the upload must; copyFile (copy_file_range) never
// leaves the kernel. Both are printed; the first is the like-for-like one.
for (const [label, copyMs] of [
  ['Node stream copy', median(copies)],
  ['fs.copyFile', median(kernelCopies)],
] as const) {
  const ratio = copyMs / uploadMs
  console.log(
    `  ratio upload / ${label}: ${ratio.toFixed(2)}  (goal ≥ 0.5: ${ratio >= 0.5 ? 'met' : 'missed'})`,
  )
}

await stopServer(store.child)
await s3?.close()
await rm(dataDir, { recursive: true, force: true })

/** How long `work` takes, started with the page cache's dirty pages written out. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  spawnSync('sync')
  const start = performance.now()
  await work()
  return performance.now() - start
}

async function fsync(file: string) {
  const handle = await open(file, 'r+')
  await handle.sync().finally(() => handle.close())
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
}

/** Resident memory of a process, in bytes (Linux /proc). */
async function rssOf(processId: number): Promise<number> {
  const status = await readFile(`/proc/${processId}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024
}
