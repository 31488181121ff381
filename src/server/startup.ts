import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { App } from './app-types.js'
import type { Config } from './config.js'
import { pristineReady } from './db/pristine-pglite.js'
import { demoArtworkCached } from './seed/demo-artwork-cache.js'
import type { PhaseTimes } from './startup-phases.js'
import { ensureSuperAdmin } from './modules/accounts/admin-bootstrap.js'
import { seedDemoCatalog } from './seed/demo-catalog.js'

/**
 * What a store needs once its database is migrated: settings, an admin, and (if empty) a demo.
 * `mark` ends each step's time (main.ts logs them).
 */
export async function prepareStore(
  app: App,
  mark: (step: string) => void = () => {},
): Promise<void> {
  const { config, database, storage } = app.deps
  await app.services.settings.ensureDefaults()
  const mode = await app.services.payments.providers.settleMode()
  if (mode === 'demo') {
    app.log.warn(
      'DEMO MODE: no payment method configured, orders are NOT charged and buyers confirm their own payment; set a PIX key in /admin/config',
    )
  } else if (mode === 'unavailable') {
    app.log.warn('No payment method configured (demo mode is off): checkout answers 503')
  } else {
    app.log.info({ mode }, 'payments')
  }
  // Uploads a crash cut short: their temporary files go, and so does anything they had stored.
  const swept = await app.services.uploadJournal.sweep()
  if (swept.journals || swept.leftovers) app.log.warn(swept, 'interrupted uploads cleaned up')
  mark('settings')

  const admin = await ensureSuperAdmin(database.db, config.admin)
  if (admin?.generatedPassword) {
    // Printed once, on purpose outside the JSON log, so the owner can read it in the terminal.
    console.log(
      `\n  Administrador criado: ${admin.email}\n  Senha gerada (anote, não será mostrada de novo): ${admin.generatedPassword}\n`,
    )
  }
  mark('admin')

  if (config.seedDemo !== false) {
    const seeded = await seedDemoCatalog(database.db, storage)
    if (seeded > 0) {
      app.log.info({ products: seeded }, 'demo catalogue seeded')
      // As any write of products: the catalogue reads them, the previews module queues their
      // pages (the job's own look at start may have come before the seed).
      app.services.products.changed()
    }
    mark('seed')
  }
}

/**
 * On a first start over an empty PGlite folder, the database is created, migrated and seeded by
 * `first-start.js` in a child process that exits: PGlite's initdb runs a second Postgres instance
 * and the demo's images go through libvips, and the memory both grow would otherwise stay with
 * the server until it restarts. Built only (tests and PostgreSQL do all of it in-process).
 * When the build left both a pristine folder and the demo's artwork to copy (decision 029),
 * neither runs, and the server does the rest itself: a child would only add a second Node
 * process and a second opening of PGlite to the 5 s a first start has.
 */
export async function prepareFirstStartApart(config: Config): Promise<PhaseTimes | null> {
  if (config.databaseUrl || import.meta.url.endsWith('.ts')) return null
  if (existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) return null
  if (pristineReady() && (config.seedDemo === false || demoArtworkCached())) return null
  const entry = new URL('./first-start.js', import.meta.url)
  // A build without that entry (a test's own bundle of main.ts) does it all in-process.
  if (!existsSync(entry)) return null
  const child = spawn(process.execPath, [entry.pathname], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  })
  // Its steps' times, logged with the server's own (main.ts).
  let phases: PhaseTimes | null = null
  child.on('message', (message: { firstStartPhases?: PhaseTimes }) => {
    phases = message.firstStartPhases ?? phases
  })
  // Shutdown is not installed yet: a stop asked now is passed on, so the child never outlives
  // the server (a process manager would find it still writing to the folder).
  let stopped = false
  const passOn = (signal: NodeJS.Signals) => {
    stopped = true
    child.kill(signal)
  }
  process.on('SIGTERM', passOn).on('SIGINT', passOn)
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', resolve)
  }).finally(() => process.off('SIGTERM', passOn).off('SIGINT', passOn))
  if (stopped) {
    console.error(
      'Parado durante a primeira preparação da loja (banco de dados e catálogo de demonstração).',
    )
    process.exit(0)
  }
  if (code !== 0) throw new Error(`first start (database and demo catalogue) failed: exit ${code}`)
  return phases
}
