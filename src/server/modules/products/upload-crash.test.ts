import type { ChildProcess } from 'node:child_process'
import { stat } from 'node:fs/promises'
import { request } from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServer } from '../../../../bench/server-process.js'
import { samplePng } from '../../testing/fixtures.js'
import { prepareCrashServer, type CrashServer } from '../../testing/crash-server.js'
import { filesUnder, productFields, samplePdf } from '../../testing/uploads.js'

let server: CrashServer

beforeAll(async () => {
  server = await prepareCrashServer('crash-test')
})
afterAll(() => server.remove())

async function adminCookie(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/auth/simple-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@teste.com', password: 'admin-senha-123' }),
  })
  return res.headers.get('set-cookie')!.split(';')[0]!
}

/** Starts a product upload whose PDF keeps coming: 64 KB every few milliseconds. */
async function startEndlessUpload(port: number, cookie: string) {
  const boundary = '----loja-crash'
  const req = request({
    port,
    host: '127.0.0.1',
    method: 'POST',
    path: '/api/products',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
  req.on('error', () => {})
  const part = (name: string, extra = '') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n`
  for (const [k, v] of Object.entries(productFields({ name: 'Nunca Terminado' }))) {
    req.write(`${part(k)}${v}\r\n`)
  }
  req.write(part('imageFile', '; filename="capa.png"'))
  req.write(await samplePng(300, 300))
  req.write(`\r\n${part('downloadFile', '; filename="enorme.pdf"')}`)
  req.write(samplePdf(64 * 1024))
  const timer = setInterval(() => req.write(Buffer.alloc(64 * 1024, 0x42)), 2)
  return () => {
    clearInterval(timer)
    req.destroy()
  }
}

async function largestPart(tmp: string): Promise<number> {
  let largest = 0
  for (const file of await filesUnder(tmp)) {
    largest = Math.max(largest, (await stat(path.join(tmp, file)).catch(() => null))?.size ?? 0)
  }
  return largest
}

const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve))

it('leaves no product, no stored file and no temporary file after a crash mid-upload', async () => {
  const first = await startServer(server.env, server.entry)
  const stop = await startEndlessUpload(first.port, await adminCookie(first.baseUrl))
  const tmp = path.join(server.dataDir, 'tmp')
  // Killed while megabytes of the PDF are already in its temporary file.
  for (let i = 0; i < 500 && (await largestPart(tmp)) < 2 * 1024 * 1024; i++) {
    await new Promise((r) => setTimeout(r, 20))
  }
  expect(await largestPart(tmp)).toBeGreaterThanOrEqual(2 * 1024 * 1024)
  const gone = exited(first.child)
  first.child.kill('SIGKILL')
  await gone
  stop()
  expect((await filesUnder(tmp)).length).toBeGreaterThan(0)

  const second = await startServer(server.env, server.entry)
  try {
    expect(await filesUnder(tmp)).toEqual([])
    expect(await filesUnder(path.join(server.dataDir, 'files'))).toEqual([])
    const cookie = await adminCookie(second.baseUrl)
    const list = await fetch(`${second.baseUrl}/api/admin/products`, { headers: { cookie } })
    expect(list.status).toBe(200)
    expect(await list.json()).toEqual([])
  } finally {
    const done = exited(second.child)
    second.child.kill('SIGTERM')
    await done
  }
}, 120_000)
