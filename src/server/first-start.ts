import { loadConfig } from './config.js'
import { openDatabase } from './db/client.js'
import { LocalDiskStorage } from './files/storage.js'
import { prepareDemoArtwork, seedDemoCatalog } from './seed/demo-catalog.js'

// Run by the server (startup.ts, prepareFirstStartApart) in a child process on a first start
// over an empty PGlite folder: creates the database, migrates it and seeds the demo catalogue,
// then exits, so the WebAssembly memory initdb and the seed's image work grow never stays in the
// server (decision 018, "Memory"). The server then opens the folder as on any later start.
const config = loadConfig()
const storage = new LocalDiskStorage(config.filesDir)
// The folder is empty, so the demo will be seeded: its artwork is made (sharp on libuv's
// threads) while the database opens and migrates, not after (issue 33).
const artwork = config.seedDemo !== false ? prepareDemoArtwork(storage) : undefined
artwork?.catch(() => {}) // awaited below; a failure is thrown there, not as an unhandled one
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
await database.migrate()
if (artwork) {
  const seeded = await seedDemoCatalog(database.db, storage, artwork)
  if (seeded > 0) console.log(`  Catálogo de demonstração criado: ${seeded} materiais`)
}
await database.close()
