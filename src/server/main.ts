import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { openDatabase } from './db/client.js'
import { createStorage } from './files/create-storage.js'
import { createLifecycle } from './lifecycle.js'
import { ignoreBrokenPipes, installShutdown, stdoutLog } from './shutdown.js'
import { prepareFirstStartApart, prepareStore } from './startup.js'

ignoreBrokenPipes()
const config = loadConfig()
await prepareFirstStartApart(config)
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
await database.migrate()
const storage = createStorage(config)
const log = stdoutLog()
const app = await buildApp({
  config,
  database,
  storage,
  lifecycle: createLifecycle(),
  logStream: log,
})
await prepareStore(app)

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
const files = config.s3 ? `s3://${config.s3.bucket}` : 'disco local'
console.log(
  `  Loja no ar: http://localhost:${config.port}  (banco: ${database.kind}, arquivos: ${files})`,
)
