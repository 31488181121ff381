import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { existsSync } from 'node:fs'
import { createInterface } from 'node:readline'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The project folder, found upwards: this file runs from bench/ and bundled from bench/.out/. */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir)
  return dir
}
const root = projectRoot()

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/**
 * A buyer's address for request `n`, sent as X-Forwarded-For to a server started with
 * TRUST_PROXY=1: a store's load comes from many buyers, and one address placing guest orders
 * back to back meets the store's per-address limit.
 */
export function buyerAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

/**
 * Runs the built server (dist/server/main.js) as its own process, as `npm start` would, and
 * waits for /healthz. Benchmarks and browser journeys talk to it over real HTTP.
 */
export async function startServer(
  env: Record<string, string>,
  /** Another build of the server (a test builds its own, so a concurrent build cannot race it). */
  entry = 'dist/server/main.js',
  opts: {
    /** Each line the server prints, instead of this terminal (a bench reads its log). */
    onLine?: (line: string) => void
    /** How often /healthz is asked while it starts: a start's figure is this coarse. */
    pollMs?: number
  } = {},
): Promise<{ child: ChildProcess; baseUrl: string; port: number }> {
  // A caller that must know the port before the start (to build PUBLIC_URL on it) passes PORT.
  const port = env.PORT ? Number(env.PORT) : await freePort()
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'bench-and-e2e-secret-0123456789',
      ADMIN_EMAIL: 'admin@teste.com',
      ADMIN_PASSWORD: 'admin-senha-123',
      // As `npm start` runs it (package.json): figures measure the process an owner runs.
      MALLOC_ARENA_MAX: '2',
      ...env,
    },
    stdio: ['ignore', opts.onLine ? 'pipe' : 'inherit', 'inherit'],
  })
  if (opts.onLine && child.stdout) createInterface({ input: child.stdout }).on('line', opts.onLine)
  const baseUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`)
    try {
      const res = await fetch(`${baseUrl}/healthz`)
      if (res.ok) return { child, baseUrl, port }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 200))
  }
  child.kill('SIGKILL')
  throw new Error('server did not become healthy within 60 s')
}

/**
 * Stops a server started above and waits for it to exit (SIGKILL after `graceMs`): a store still
 * closing its database writes into the folder its caller removes next.
 */
export async function stopServer(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  const killer = setTimeout(() => child.kill('SIGKILL'), graceMs)
  await exited
  clearTimeout(killer)
}
