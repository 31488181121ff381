import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HealthCheckName } from '../../../contracts/health.js'
import { pendingMigrations } from '../../backup/premigrate.js'
import { openDatabase, type Database } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { adminSession } from '../../testing/auth.js'
import { manualClock } from '../../testing/clock.js'
import { startSmtpServer, type FakeSmtp } from '../../testing/smtp.js'
import { createTestStore, type TestStore } from '../../testing/test-app.js'
import { messageOutbox } from '../messaging/messaging.tables.js'
import { enqueueMessage } from '../messaging/outbox.js'
import { observeProviders } from '../payments/provider-failures.js'
import type { PixProvider } from '../payments/providers/pix-provider.js'
import type { PixProviders } from '../payments/providers/registry.js'
import { createHealthService, type HealthService } from './health.service.js'
import { createProviderFailureLog, FAILING_AFTER } from './provider-failure-log.js'

// The store's clock starts near the real time (the outbox's rows are stamped by the database),
// at a fixed hour: tomorrow 06:00 in São Paulo (09:00 UTC), so that the tests' steps, about 33
// hours in all, meet the store's midnight at the same points whenever the suite runs ('later
// that day' must stay the same day).
const today = new Date()
const clock = manualClock(
  Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1, 9),
)
const now = () => new Date(clock.now())
const OWNER = 'dona@loja.com.br'

let smtp: FakeSmtp
let store: TestStore
let second: Database
let disk = { free: 50e9, total: 100e9 }
let instances: HealthService[]
let failures: ReturnType<typeof createProviderFailureLog>

beforeAll(async () => {
  smtp = await startSmtpServer()
  store = await createTestStore({
    now,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Loja <loja@teste.com>' },
  })
  await store.app.services.settings.set('admin_email', OWNER)
  second = store.databaseUrl
    ? await openDatabase({ url: store.databaseUrl, dataDir: 'memory://' })
    : store.database
  failures = createProviderFailureLog(store.database.db, now)
  // Two instances: each its own pool on PostgreSQL (the one PGlite otherwise).
  instances = [store.database, second].map((database) =>
    createHealthService({
      db: database.db,
      settings: store.app.services.settings,
      backups: store.app.services.backups,
      messaging: store.app.services.messaging,
      providerFailures: createProviderFailureLog(database.db, now),
      pendingMigrations: () => pendingMigrations(database),
      dataDir: store.dataDir,
      log: store.app.log,
      now,
      disk: async () => disk,
    }),
  )
}, 60_000)

afterAll(async () => {
  if (second && second !== store.database) await second.close()
  await store?.close()
  await smtp?.close()
})

/** Both instances evaluate at once; the state of `name` afterwards. */
async function evaluate(name: HealthCheckName) {
  const [a] = await Promise.all(instances.map((i) => i.evaluate()))
  return a!.find((c) => c.name === name)!
}

const mailsAbout = (subject: string) => smtp.mails.filter((m) => m.subject === subject)

/** Red, an e-mail; red again later that day, none; green (seen first on the panel), one; green again, none. */
async function turnsRedAndGreen(
  name: HealthCheckName,
  label: string,
  breakIt: () => Promise<unknown>,
  mendIt: () => Promise<unknown>,
  expected: RegExp,
  /** The check knows when the problem ended (the verified backup's time). */
  endsWhenMended = false,
) {
  const before = smtp.mails.length
  await breakIt()
  const red = await evaluate(name)
  expect(red).toMatchObject({ ok: false, since: now().toISOString() })
  expect(red.message).toMatch(expected)
  clock.advance(60 * 60_000)
  expect(await evaluate(name)).toMatchObject({ ok: false, since: red.since })
  expect(mailsAbout(`Atenção na loja: ${label}`)).toHaveLength(1)
  const alert = mailsAbout(`Atenção na loja: ${label}`)[0]!
  expect(alert.to).toMatchObject({ text: OWNER })
  expect(alert.text).toContain(red.message)

  await mendIt()
  const mendedAt = now().toISOString()
  clock.advance(60_000)
  // The owner opens the panel before the job runs: what she sees is when the problem ended,
  // and it stays so on every later look and run, which still tells her it is solved.
  const seen = (await instances[1]!.checks()).find((c) => c.name === name)!
  expect(seen).toMatchObject({ ok: true, since: endsWhenMended ? mendedAt : now().toISOString() })
  clock.advance(5 * 60_000)
  const green = await evaluate(name)
  expect(green).toMatchObject({ ok: true, since: seen.since })
  clock.advance(5 * 60_000)
  expect(await evaluate(name)).toMatchObject({ since: seen.since })
  expect(mailsAbout(`Resolvido: ${label}`)).toHaveLength(1)
  expect(smtp.mails.length - before).toBe(2)
}

describe('Saúde da loja', () => {
  it('starts green everywhere, and says so without an e-mail', async () => {
    const checks = await Promise.all(instances.map((i) => i.evaluate()))
    expect(checks[0]!.map((c) => [c.name, c.ok])).toEqual([
      ['backup', true],
      ['messages', true],
      ['payments', true],
      ['disk', true],
      ['migrations', true],
    ])
    expect(smtp.mails).toHaveLength(0)
    const cookie = (await adminSession(store.app)).cookie
    const res = await store.app.inject({
      method: 'GET',
      url: '/api/admin/health',
      headers: { cookie },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<{ checks: unknown[] }>().checks).toHaveLength(5)
    const anonymous = await store.app.inject({ method: 'GET', url: '/api/admin/health' })
    expect(anonymous.statusCode).toBe(401)
  })

  it('no verified backup in 26 hours', async () => {
    await turnsRedAndGreen(
      'backup',
      'Backup',
      () => store.app.services.settings.set('backup_enabled', 'on'),
      () => store.app.services.backups.runNow(),
      /Nenhum backup conferido/,
      true,
    )
    // 26 hours later without another one, red again (a new day: a new e-mail).
    clock.advance(27 * 60 * 60_000)
    expect(await evaluate('backup')).toMatchObject({ ok: false })
    expect(mailsAbout('Atenção na loja: Backup')).toHaveLength(2)
    await store.app.services.backups.runNow()
    expect(await evaluate('backup')).toMatchObject({ ok: true })
    expect(mailsAbout('Resolvido: Backup')).toHaveLength(2)
  }, 120_000)

  it('e-mails or WhatsApp messages failing for over an hour', async () => {
    const db = store.database.db
    await turnsRedAndGreen(
      'messages',
      'E-mails e WhatsApp',
      async () => {
        await enqueueMessage(db, {
          channel: 'whatsapp',
          dedupeKey: 'health-test',
          to: '5511999999999',
          body: 'oi',
        })
        await db
          .update(messageOutbox)
          .set({ lastError: 'Evolution API: conexão recusada' })
          .where(eq(messageOutbox.dedupeKey, 'health-test'))
        clock.advance(61 * 60_000)
      },
      () =>
        db
          .update(messageOutbox)
          .set({ status: 'sent', lastError: null })
          .where(eq(messageOutbox.dedupeKey, 'health-test')),
      /1 mensagem\(ns\) de WhatsApp sem sair há mais de uma hora \(Evolution API: conexão recusada\)/,
    )
  }, 60_000)

  it('a payment provider failing repeatedly', async () => {
    await turnsRedAndGreen(
      'payments',
      'Pagamentos',
      async () => {
        for (let i = 0; i < FAILING_AFTER; i++) await failures.failed('asaas', 'api', 'HTTP 502')
      },
      () => failures.succeeded('asaas', 'api'),
      /asaas: 3 falhas seguidas na API \(HTTP 502\)/,
    )
  }, 60_000)

  it('the disk under DATA_DIR below 10% free', async () => {
    await turnsRedAndGreen(
      'disk',
      'Disco',
      async () => void (disk = { free: 9e9, total: 100e9 }),
      async () => void (disk = { free: 50e9, total: 100e9 }),
      /Disco quase cheio: 9,0 GB livres \(9%\)/,
    )
  }, 60_000)

  it('a migration waiting', async () => {
    const db = store.database.db
    let newest: { hash: string; created_at: string } | undefined
    await turnsRedAndGreen(
      'migrations',
      'Atualização do banco',
      async () => {
        const rows = (await db.execute(
          sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at::text`,
        )) as unknown as { rows: { hash: string; created_at: string }[] }
        newest = rows.rows[0]
      },
      () =>
        db.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest!.hash}, ${newest!.created_at}::bigint)`,
        ),
      /Migração esperando: /,
    )
  }, 60_000)
})

describe('provider failures as the payments see them', () => {
  it('counts a remote provider’s failed calls and webhooks, and a success sets them back', async () => {
    const calls: string[] = []
    const log = {
      failed: async (p: string, k: string, m: string) => void calls.push(`failed ${p} ${k} ${m}`),
      succeeded: async (p: string, k: string) => void calls.push(`ok ${p} ${k}`),
    }
    let fail = true
    const provider = {
      name: 'woovi',
      remote: true,
      isDemo: false,
      createCharge: async () => {
        if (fail) throw new Error('ECONNRESET')
        return { qrCode: 'x' }
      },
      getStatus: async () => ({ state: 'pending' }),
      parseWebhook: async () => {
        throw new AppError('unauthorized', 'assinatura')
      },
    } as unknown as PixProvider
    const providers = {
      current: async () => provider,
      named: async () => provider,
    } as unknown as PixProviders
    const observed = observeProviders(providers, log, () => {})
    const charging = await observed.current()
    await expect(charging.createCharge({} as never)).rejects.toThrow('ECONNRESET')
    fail = false
    await charging.createCharge({} as never)
    await expect((await observed.named('woovi'))!.parseWebhook!({} as never, 0)).rejects.toThrow()
    await new Promise((resolve) => setImmediate(resolve))
    expect(calls).toEqual([
      'failed woovi api ECONNRESET',
      'ok woovi api',
      'failed woovi webhook assinatura',
    ])
  })
})
