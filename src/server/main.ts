import { buildApp } from './app.js'
import { migrateWithBackup, PremigrateRefused } from './backup/premigrate.js'
import { loadConfig } from './config.js'
import { openDatabase } from './db/client.js'
import { createStorage } from './files/create-storage.js'
import { createLifecycle } from './lifecycle.js'
import { ignoreBrokenPipes, installShutdown, stdoutLog } from './shutdown.js'
import { phaseClock } from './startup-phases.js'
import { prepareFirstStartApart, prepareStore } from './startup.js'

const clock = phaseClock()
clock.mark('load')
ignoreBrokenPipes()
const config = loadConfig()
const firstStart = await prepareFirstStartApart(config)
if (firstStart) clock.mark('firstStart')
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
clock.mark('database')
const storage = createStorage(config)
// Pending migrations are applied only after a verified backup of the store as it was.
const migrated = await migrateWithBackup({ database, storage, config }, (line) =>
  console.log(`  ${line}`),
).catch(async (error: unknown) => {
  if (!(error instanceof PremigrateRefused)) throw error
  console.error(error.message)
  await database.close()
  process.exit(1)
})
clock.mark('migrate')
const log = stdoutLog()
const app = await buildApp({
  config,
  database,
  storage,
  lifecycle: createLifecycle(),
  logStream: log,
})
clock.mark('app')
await prepareStore(app, clock.mark)
if (migrated.backup) await app.services.backups.record(migrated.backup, 'premigrate')

if (!config.publicUrl && config.env === 'production') {
  app.log.warn(
    'PUBLIC_URL not set: links handed out (previews, payment notifications, WhatsApp) use the request host only for localhost and ALLOWED_HOSTS, else http://localhost',
  )
}
if (config.sessionSecretIsEphemeral) {
  app.log.warn('SESSION_SECRET not set: a random one is used, so sessions and links end at restart')
}

const shutdown = installShutdown({ app, database, settleLog: log.settle, ...config.shutdown })
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

await app.listen({ port: config.port, host: config.host })
clock.mark('listen')
// Where a start's seconds went (`npm run bench -- first-start` prints them).
app.log.info({ startupMs: clock.times, firstStartMs: firstStart ?? undefined }, 'started')
const files = config.s3 ? `s3://${config.s3.bucket}` : 'disco local'
console.log(
  `  Loja no ar: http://localhost:${config.port}  (banco: ${database.kind}, arquivos: ${files})`,
)
