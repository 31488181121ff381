import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { request, type IncomingHttpHeaders } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startServer } from '../../bench/server-process.js'
import { projectRoot } from './paths.js'
import { newIp } from './testing/auth.js'
import { guestForm, newCartSession } from './testing/commerce.js'
import { samplePng } from './testing/fixtures.js'
import { prepareCrashServer, type CrashServer } from './testing/crash-server.js'
import { formData, productFields, sampleZip } from './testing/uploads.js'

/**
 * The built server as its own process, restarted with SIGTERM while it works (decision 019):
 * no request it accepted fails, a download cut by the restart resumes on the next instance,
 * the process exits 0, and neither a hung request nor a closed stdout keeps it alive.
 */
let server: CrashServer
let port: number
const FILE = sampleZip(6 * 1024 * 1024)
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

/** One request on its own connection; rejects with the socket's error code when there is no answer. */
function send(
  method: string,
  url: string,
  opts: { headers?: Record<string, string>; body?: Buffer | string; hold?: Promise<unknown> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path: url, headers: opts.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        // A phone that stopped reading (a tunnel, a sleeping tab): the server can send only what
        // the sockets hold, so the download is still running when the drain limit comes.
        if (opts.hold) {
          res.pause()
          void opts.hold.then(() => res.resume())
        }
        const done = () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) })
        res.on('end', done)
        // Cut mid-body: what came, for the caller to compare with Content-Length.
        res.on('aborted', done)
        res.on('error', done)
      },
    )
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(Object.assign(error, { answered: false })),
    )
    req.end(opts.body)
  })
}

const json = (body: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

async function adminCookie() {
  const res = await send(
    'POST',
    '/api/auth/simple-login',
    json({ email: 'admin@teste.com', password: 'admin-senha-123' }),
  )
  return String(res.headers['set-cookie']![0]).split(';')[0]!
}

/** A product whose file is FILE, bought by a guest: its download link. */
async function boughtDownloadLink(): Promise<{ link: string; productId: number }> {
  const form = formData(productFields({ name: 'Pacote Grande' }), [
    { field: 'imageFile', name: 'capa.png', bytes: await samplePng(200, 200), type: 'image/png' },
    { field: 'downloadFile', name: 'pacote.zip', bytes: FILE, type: 'application/zip' },
  ])
  const upload = new Request('http://x/', { method: 'POST', body: form })
  const created = await send('POST', '/api/products', {
    headers: {
      cookie: await adminCookie(),
      'content-type': upload.headers.get('content-type')!,
    },
    body: Buffer.from(await upload.arrayBuffer()),
  })
  expect(created.status, created.body.toString()).toBe(201)
  const productId = (JSON.parse(created.body.toString()) as { id: number }).id
  const session = newCartSession()
  const customerData = guestForm()
  const checkout = await send('POST', '/api/checkout', {
    ...json({ items: [{ productId, quantity: 1 }], customerData }),
    headers: { 'content-type': 'application/json', 'x-session-id': session },
  })
  expect(checkout.status, checkout.body.toString()).toBe(201)
  const orderId = (JSON.parse(checkout.body.toString()) as { order: { id: string } }).order.id
  const paid = await send('POST', `/api/orders/${orderId}/confirm-payment`, {
    ...json({}),
    headers: { 'content-type': 'application/json', 'x-session-id': session },
  })
  expect(paid.status).toBe(200)
  const link = await send(
    'POST',
    '/api/guest-download?data=0',
    json({ productId, email: customerData.email, whatsapp: customerData.whatsapp }),
  )
  expect(link.status, link.body.toString()).toBe(200)
  const { downloadUrl } = JSON.parse(link.body.toString()) as { downloadUrl: string }
  return { link: new URL(downloadUrl, 'http://loja').pathname, productId }
}

beforeAll(async () => {
  server = await prepareCrashServer('restart-test')
  port = await freePort()
  Object.assign(server.env, {
    PORT: String(port),
    SHUTDOWN_TIMEOUT_MS: '15000',
    TRUST_PROXY: '1',
    DOWNLOAD_DRAIN_MS: '1000',
  })
}, 60_000)
const started: ChildProcess[] = []
afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL')
  await server?.remove()
})
/** startServer, remembered so a failed test leaves no process behind. */
async function start() {
  const running = await startServer(server.env, server.entry)
  started.push(running.child)
  return running
}

describe('SIGTERM under load', () => {
  it('fails no accepted request, lets a cut download resume on the next instance, exits 0', async () => {
    let current = await start()
    const { link, productId } = await boughtDownloadLink()

    // Load: catalogue reads and checkouts, back to back, through the restart.
    let stop = false
    const answered: number[] = []
    const refused: string[] = []
    const loop = async () => {
      while (!stop) {
        try {
          const res = await (answered.length % 2
            ? send('GET', '/api/products')
            : send('POST', '/api/checkout', {
                headers: {
                  'content-type': 'application/json',
                  'x-session-id': newCartSession(),
                  // Many buyers, each from her own address (behind the proxy TRUST_PROXY names),
                  // as a store's real load comes: one machine placing guest orders back to back
                  // meets the per-address limit.
                  'x-forwarded-for': newIp(),
                },
                body: JSON.stringify({
                  items: [{ productId, quantity: 1 }],
                  customerData: guestForm(),
                }),
              }))
          const length = res.headers['content-length']
          // An answer cut short is a failed one.
          answered.push(length && Number(length) !== res.body.length ? -1 : res.status)
        } catch (error) {
          // Not accepted: the listening socket was closed (or not yet open again), or it closed
          // with the connection still in its backlog, never read by the store (decision 019).
          refused.push(String((error as NodeJS.ErrnoException).code))
          await new Promise((r) => setTimeout(r, 20))
        }
      }
    }
    const loops = Array.from({ length: 4 }, loop)

    // In flight when the signal comes: a slow download and an upload still sending its body.
    let oldExited!: () => void
    const download = send('GET', link, { hold: new Promise<void>((r) => (oldExited = r)) })
    const cookie = await adminCookie()
    const form = formData(productFields({ name: 'Enviado Devagar' }), [
      { field: 'imageFile', name: 'capa.png', bytes: await samplePng(120, 120), type: 'image/png' },
      {
        field: 'downloadFile',
        name: 'devagar.zip',
        bytes: sampleZip(512 * 1024),
        type: 'application/zip',
      },
    ])
    const encoded = new Request('http://x/', { method: 'POST', body: form })
    const body = Buffer.from(await encoded.arrayBuffer())
    const slowUpload = new Promise<Answer>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/products',
          agent: false,
          headers: {
            cookie,
            'content-type': encoded.headers.get('content-type')!,
            'content-length': String(body.length),
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          )
        },
      )
      req.on('error', reject)
      let sent = 0
      const step = 32 * 1024
      const timer = setInterval(() => {
        req.write(body.subarray(sent, sent + step))
        sent += step
        if (sent >= body.length) {
          clearInterval(timer)
          req.end()
        }
      }, 60)
    })

    await new Promise((r) => setTimeout(r, 400))
    const before = answered.length
    const signalled = Date.now()
    current.child.kill('SIGTERM')
    expect(await exited(current.child)).toBe(0)
    oldExited()
    const stoppedAfter = Date.now() - signalled
    // The upload was let finish: a product, not an error.
    const uploaded = await slowUpload
    expect(uploaded.status, uploaded.body.toString()).toBe(201)

    // The download went on for the drain limit, then was cut short of its Content-Length.
    const first = await download
    expect(first.status).toBe(200)
    expect(Number(first.headers['content-length'])).toBe(FILE.length)
    expect(first.body.length).toBeGreaterThan(0)
    expect(first.body.length).toBeLessThan(FILE.length)
    expect(stoppedAfter).toBeGreaterThanOrEqual(1000)

    // The next instance logs to a stdout and stderr nobody reads any more: it still stops well.
    const next = await startPiped({ LOG_LEVEL: 'info' })
    next.child.stdout!.destroy()
    next.child.stderr!.destroy()
    current = { ...current, child: next.child }
    try {
      await new Promise((r) => setTimeout(r, 300))
      stop = true
      await Promise.all(loops)
      // The rest of the file from the next instance: the same bytes as the upload.
      const rest = await send('GET', link, {
        headers: { range: `bytes=${first.body.length}-`, 'if-range': String(first.headers.etag) },
      })
      expect(rest.status).toBe(206)
      expect(sha(Buffer.concat([first.body, rest.body]))).toBe(sha(FILE))

      // Every request the store accepted was answered, and answered well.
      expect(answered.length).toBeGreaterThan(before)
      expect(answered.filter((s) => s !== 200 && s !== 201)).toEqual([])
      expect(refused.filter((code) => code !== 'ECONNREFUSED' && code !== 'ECONNRESET')).toEqual([])
    } finally {
      current.child.kill('SIGTERM')
      expect(await exited(current.child)).toBe(0)
    }
  }, 90_000)
})

/** The server with its stdout/stderr piped to this test, which may close them. */
async function startPiped(env: Record<string, string>) {
  const child = spawn(process.execPath, [server.entry], {
    cwd: projectRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      SESSION_SECRET: 'bench-and-e2e-secret-0123456789',
      ADMIN_EMAIL: 'admin@teste.com',
      ADMIN_PASSWORD: 'admin-senha-123',
      ...server.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child)
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  await waitHealthy(child)
  return { child, stderr: () => stderr }
}

async function waitHealthy(child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('server did not become healthy')
}

/** An upload whose body never ends: a request in flight that no shutdown can wait out. */
async function endlessUpload() {
  const boundary = '----loja-sem-fim'
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/products',
    agent: false,
    headers: {
      cookie: await adminCookie(),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  })
  req.on('error', () => {})
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nSem Fim\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="downloadFile"; filename="a.zip"\r\n\r\n`,
  )
  const timer = setInterval(() => req.write(sampleZip(1024)), 50)
  // Received: the store is reading it.
  await new Promise((r) => setTimeout(r, 300))
  return () => {
    clearInterval(timer)
    req.destroy()
  }
}

describe('shutdown deadline', () => {
  it('exits 1 at the deadline, saying why on stderr, when a request never ends', async () => {
    // Its log goes to a stdout nobody reads: that never holds it up either.
    const { child, stderr } = await startPiped({ SHUTDOWN_TIMEOUT_MS: '1500', LOG_LEVEL: 'info' })
    child.stdout!.destroy()
    const stop = await endlessUpload()
    try {
      const signalled = Date.now()
      const code = exited(child)
      child.kill('SIGTERM')
      // Told twice (npm forwards the signal its process group also got): still one deadline.
      child.kill('SIGTERM')
      expect(await code).toBe(1)
      expect(Date.now() - signalled).toBeLessThan(10_000)
      expect(stderr()).toMatch(
        /did not finish within 1500 ms; exiting anyway \(still pending: .+\)/,
      )
    } finally {
      stop()
    }
  }, 30_000)
})

describe('npm start', () => {
  it('exits 0 on SIGTERM, to npm and to its whole process group: npm does not die first', async () => {
    const pkg = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')) as {
      scripts: { start: string }
    }
    // The project's own start script, on the test's build of the server.
    const script = pkg.scripts.start.replaceAll('scripts/start.mjs', server.entry)
    expect(script).not.toBe(pkg.scripts.start)
    const dir = await mkdtemp(path.join(tmpdir(), 'loja-npm-start-'))
    try {
      await writeFile(
        path.join(dir, 'package.json'),
        JSON.stringify({ name: 'npm-start-test', private: true, scripts: { start: script } }),
      )
      for (const target of ['npm', 'group'] as const) {
        const npm = spawn('npm', ['start', '--silent'], {
          cwd: dir,
          detached: true,
          stdio: 'ignore',
          env: {
            ...process.env,
            HOST: '127.0.0.1',
            SESSION_SECRET: 'bench-and-e2e-secret-0123456789',
            ...server.env,
          },
        })
        started.push(npm)
        await waitHealthy(npm)
        const code = exited(npm)
        if (target === 'npm') npm.kill('SIGTERM')
        else process.kill(-npm.pid!, 'SIGTERM')
        expect(await code, target).toBe(0)
        // And the server went with it: nothing listens any more.
        await expect(send('GET', '/healthz')).rejects.toMatchObject({ code: 'ECONNREFUSED' })
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
