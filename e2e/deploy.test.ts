import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:https'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startServer } from '../bench/server-process.js'

/**
 * The files an owner copies to her VPS (deploy/), checked with the tools that will read them
 * there: systemd's own verifier for the unit, Caddy's for the Caddyfile, and Caddy itself in
 * front of the built store, with a certificate from its internal CA instead of Let's Encrypt
 * (the one line the test changes besides the domain and port).
 */

const root = path.resolve(import.meta.dirname, '..')
const deployFile = (name: string) => path.join(root, 'deploy', name)

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { encoding: 'utf8', cwd: root })
  if (result.error) throw new Error(`${command} is missing: install it (.ci/run does)`)
  return result
}

describe('deploy files', () => {
  it('loja.service passes systemd-analyze verify with no warning', () => {
    const result = run('systemd-analyze', ['verify', deployFile('loja.service')])
    expect(result.stderr + result.stdout).toBe('')
    expect(result.status).toBe(0)
  })

  it('the unit sandboxes the store as the README promises', async () => {
    const unit = await readFile(deployFile('loja.service'), 'utf8')
    for (const line of [
      'Restart=on-failure',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ReadWritePaths=/var/lib/loja',
      'EnvironmentFile=/etc/loja/loja.env',
    ]) {
      expect(unit.split('\n')).toContain(line)
    }
  })

  it('the Caddyfile passes caddy validate', () => {
    const result = run('caddy', [
      'validate',
      '--config',
      deployFile('Caddyfile'),
      '--adapter',
      'caddyfile',
    ])
    expect(result.stdout + result.stderr).toContain('Valid configuration')
    expect(result.status).toBe(0)
  })

  it('loja.env.example names every variable the store reads', async () => {
    const config = await readFile(path.join(root, 'src/server/config-env.ts'), 'utf8')
    const schema = config.slice(config.indexOf('const EnvSchema'), config.indexOf('\n})\n'))
    const names = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!)
    expect(names.length).toBeGreaterThan(20)
    const example = await readFile(deployFile('loja.env.example'), 'utf8')
    const named = new Set([...example.matchAll(/^#?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]))
    expect(names.filter((n) => !named.has(n))).toEqual([])
  })
})

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

describe('the built store behind Caddy, over HTTPS', () => {
  let store: ChildProcess | undefined
  let caddy: ChildProcess | undefined
  let work: string
  let ca: Buffer
  let httpsPort: number
  let httpPort: number
  let origin: string

  /** One HTTPS request that trusts only Caddy's internal CA, as a browser trusting it would. */
  function https(
    method: string,
    url: string,
    opts: { headers?: Record<string, string>; json?: unknown; port?: number } = {},
  ): Promise<Answer> {
    const body = opts.json === undefined ? undefined : JSON.stringify(opts.json)
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          servername: 'localhost',
          port: opts.port ?? httpsPort,
          method,
          path: url,
          ca,
          headers: {
            host: `localhost:${httpsPort}`,
            ...(body ? { 'content-type': 'application/json', origin } : {}),
            ...opts.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          )
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  }

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'loja-caddy-'))
    httpsPort = await freePort()
    httpPort = await freePort()
    origin = `https://localhost:${httpsPort}`
    const started = await startServer({
      DATA_DIR: path.join(work, 'data'),
      SEED_DEMO: '1',
      TRUST_PROXY: '1',
      PUBLIC_URL: origin,
    })
    store = started.child

    // The owner's file, with her domain and the store's port put in, as the README's sed does;
    // the global block asks Caddy's own CA for the certificate (no Internet here).
    const deployed = (await readFile(deployFile('Caddyfile'), 'utf8'))
      .replaceAll('loja.exemplo.com.br', 'localhost')
      .replaceAll('127.0.0.1:3000', `127.0.0.1:${started.port}`)
    const global = [
      '{',
      '\tadmin off',
      '\tlocal_certs',
      '\tskip_install_trust',
      `\thttp_port ${httpPort}`,
      `\thttps_port ${httpsPort}`,
      '}',
    ].join('\n')
    const caddyfile = path.join(work, 'Caddyfile')
    await writeFile(caddyfile, `${global}\n\n${deployed}`)
    const home = path.join(work, 'caddy-home')
    caddy = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      env: { ...process.env, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home },
      stdio: 'ignore',
    })
    const rootCert = path.join(home, 'caddy/pki/authorities/local/root.crt')
    const deadline = Date.now() + 30_000
    for (;;) {
      if (caddy.exitCode !== null) throw new Error(`caddy exited with ${caddy.exitCode}`)
      if (existsSync(rootCert)) {
        ca = await readFile(rootCert)
        try {
          if ((await https('GET', '/healthz')).status === 200) break
        } catch {
          // the certificate for localhost is still being issued
        }
      }
      if (Date.now() > deadline) throw new Error('Caddy did not serve HTTPS within 30 s')
      await new Promise((r) => setTimeout(r, 200))
    }
  })

  afterAll(async () => {
    caddy?.kill('SIGTERM')
    store?.kill('SIGTERM')
    await rm(work, { recursive: true, force: true })
  })

  it('sends plain HTTP to HTTPS', async () => {
    const res = await fetch(`http://localhost:${httpPort}/`, { redirect: 'manual' })
    expect([301, 308]).toContain(res.status)
    // To the standard port 443 (Caddy's redirect leaves out a non-standard https_port).
    expect(res.headers.get('location')).toMatch(/^https:\/\/localhost(:\d+)?\/$/)
  })

  it('serves the store with HSTS and gives the admin a Secure session cookie', async () => {
    const home = await https('GET', '/')
    expect(home.status).toBe(200)
    expect(home.headers['strict-transport-security']).toMatch(/max-age=\d+/)

    const login = await https('POST', '/api/admin/login', {
      json: { username: 'admin@teste.com', password: 'admin-senha-123' },
    })
    expect(login.status).toBe(200)
    const cookie = String(login.headers['set-cookie'])
    expect(cookie).toMatch(/;\s*Secure/i)
    expect(cookie).toMatch(/;\s*HttpOnly/i)
  })

  it('completes a checkout and a download over HTTPS', async () => {
    const products = JSON.parse((await https('GET', '/api/products')).body.toString()) as {
      id: number
      price: string
    }[]
    const paid = products.find((p) => Number(p.price) > 0)!
    const session = `cart_${randomBytes(16).toString('hex')}_${Date.now()}`
    const email = `compradora.${randomBytes(4).toString('hex')}@exemplo.com`
    const whatsapp = '(11) 98765-4321'
    const checkout = await https('POST', '/api/checkout', {
      headers: { 'x-session-id': session },
      json: {
        items: [{ productId: paid.id, quantity: 1 }],
        customerData: {
          firstName: 'Maria',
          lastName: 'Souza',
          email,
          whatsapp,
          createAccount: false,
          acceptTerms: true,
        },
      },
    })
    expect(checkout.status).toBe(201)
    const { order } = JSON.parse(checkout.body.toString()) as { order: { id: string } }

    // A new store is in demo mode: the buyer's confirmation pays the order.
    const confirmed = await https('POST', `/api/orders/${order.id}/confirm-payment`, {
      headers: { 'x-session-id': session },
      json: { paymentData: { confirmedAt: new Date().toISOString() } },
    })
    expect(confirmed.status).toBe(200)

    const granted = await https('POST', '/api/guest-download?data=0', {
      json: { productId: paid.id, email, whatsapp },
    })
    expect(granted.status).toBe(200)
    const { downloadUrl } = JSON.parse(granted.body.toString()) as { downloadUrl: string }
    const file = await https('GET', downloadUrl)
    expect(file.status).toBe(200)
    expect(file.body.subarray(0, 5).toString()).toBe('%PDF-')
    expect(Number(file.headers['content-length'] ?? file.body.length)).toBe(file.body.length)

    // A resumed download: Range goes through Caddy untouched.
    const tail = await https('GET', downloadUrl, { headers: { range: 'bytes=5-' } })
    expect(tail.status).toBe(206)
    expect(tail.body.equals(file.body.subarray(5))).toBe(true)
  })
})
