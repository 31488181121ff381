import { migrateWithBackup, PremigrateRefused } from './backup/premigrate.js'
import { loadConfig } from './config.js'
import { openDatabase } from './db/client.js'
import { createStorage } from './files/create-storage.js'
import { recordCopy } from './modules/backup/backup.service.js'

// `npm run db:migrate`: applies pending migrations and exits (start-up does the same), after a
// verified backup of the store as it was (SKIP_PREMIGRATE_BACKUP=1 goes without).
const config = loadConfig()
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
try {
  const { backup } = await migrateWithBackup(
    { database, storage: createStorage(config), config },
    (line) => console.log(line),
  )
  // Listed in the Backup tab like the nightly ones (its table exists now).
  if (backup) await recordCopy(database.db, backup, 'premigrate', new Date())
  console.log(`Migrações aplicadas (${database.kind}).`)
} catch (error) {
  if (!(error instanceof PremigrateRefused)) throw error
  console.error(error.message)
  process.exitCode = 1
} finally {
  await database.close()
}
