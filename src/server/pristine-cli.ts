import { ensurePristine } from './db/pristine-pglite.js'

// Run by scripts/build.mjs: the pristine PGlite folder a first start copies (decision 029).
const started = performance.now()
const made = await ensurePristine()
console.log(
  `  Banco inicial pronto (${((performance.now() - started) / 1000).toFixed(1)} s): ${made}`,
)
