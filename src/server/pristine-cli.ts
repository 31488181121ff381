import { ensurePristine } from './db/pristine-pglite.js'
import { ensureDemoArtwork } from './seed/demo-artwork-cache.js'

// Run by scripts/build.mjs: the pristine PGlite folder and the demo's artwork a first start
// copies (decision 029). Both at once: initdb keeps one core, the drawing takes libuv's threads.
const started = performance.now()
const seconds = () => ((performance.now() - started) / 1000).toFixed(1)
const [database, artwork] = await Promise.all([
  ensurePristine().then((made) => `  Banco inicial pronto (${seconds()} s): ${made}`),
  ensureDemoArtwork().then((made) => `  Artes da demonstração prontas (${seconds()} s): ${made}`),
])
console.log(database)
console.log(artwork)
