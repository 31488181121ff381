import { loadConfig } from './config.js'
import { openDatabase } from './db/client.js'

// `npm run db:migrate`: applies pending migrations and exits (start-up does the same).
const config = loadConfig()
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
await database.migrate()
await database.close()
console.log(`Migrações aplicadas (${database.kind}).`)
