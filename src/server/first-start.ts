import { loadConfig } from './config.js'
import { openDatabase } from './db/client.js'
import { LocalDiskStorage } from './files/storage.js'
import { seedDemoCatalog } from './seed/demo-catalog.js'

// Run by the server (startup.ts, prepareFirstStartApart) in a child process on a first start
// over an empty PGlite folder: creates the database, migrates it and seeds the demo catalogue,
// then exits, so the WebAssembly memory initdb and the seed's image work grow never stays in the
// server (decision 018, "Memory"). The server then opens the folder as on any later start.
const config = loadConfig()
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
await database.migrate()
if (config.seedDemo !== false) {
  const seeded = await seedDemoCatalog(database.db, new LocalDiskStorage(config.filesDir))
  if (seeded > 0) console.log(`  Catálogo de demonstração criado: ${seeded} materiais`)
}
await database.close()
