import { loadConfig } from './config.js'
import { openDatabase } from './db/client.js'
import { createStorage } from './files/create-storage.js'
import { prepareDemoArtwork, seedDemoCatalog } from './seed/demo-catalog.js'
import { phaseClock, timed } from './startup-phases.js'

// Run by the server (startup.ts, prepareFirstStartApart) in a child process on a first start
// over an empty PGlite folder when the build's pristine folder or the demo's drawn artwork is
// missing (decision 029): creates the database, migrates it and seeds the demo catalogue,
// then exits, so the WebAssembly memory initdb and the seed's image work grow never stays in the
// server (decision 018, "Memory"). The server then opens the folder as on any later start.
const clock = phaseClock()
clock.mark('load')
const config = loadConfig()
// The store's own storage (the bucket when S3_BUCKET is set): the server reads the demo there.
const storage = createStorage(config)
// The folder is empty, so the demo will be seeded: its artwork is copied from the build's cache
// or drawn (sharp on libuv's threads) while the database opens and migrates, not after.
const artwork = config.seedDemo !== false ? timed(prepareDemoArtwork(storage)) : undefined
artwork?.catch(() => {}) // awaited below; a failure is thrown there, not as an unhandled one
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
clock.mark('database')
await database.migrate()
clock.mark('migrate')
if (artwork) {
  const made = await artwork
  clock.mark('artworkWait')
  clock.times.artwork = made.ms
  const seeded = await seedDemoCatalog(database.db, storage, Promise.resolve(made.value))
  clock.mark('seed')
  if (seeded > 0) console.log(`  Catálogo de demonstração criado: ${seeded} materiais`)
}
await database.close()
clock.mark('close')
// The server logs them with its own start's (main.ts).
process.send?.({ firstStartPhases: clock.times }, () => process.disconnect())
