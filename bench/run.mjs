// `npm run bench [name…]`: compiles each bench/*.bench.ts with esbuild and runs it in turn.
// Each prints its own figures; nothing here is a pass/fail test.
import { build } from 'esbuild'
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(new URL('.', import.meta.url))
// Names pick the benches; flags (`--s3`) are handed to each of them.
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('--'))
const flags = process.argv.slice(2).filter((a) => a.startsWith('--'))
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace('.bench.ts', '')))

for (const file of benches) {
  const outfile = path.join(here, '.out', file.replace('.ts', '.mjs'))
  await build({
    entryPoints: [path.join(here, file)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  })
  console.log(`\n=== ${file.replace('.bench.ts', '')} ===`)
  const run = spawnSync(process.execPath, [outfile, ...flags], {
    stdio: 'inherit',
    cwd: path.join(here, '..'),
  })
  if (run.status !== 0) process.exitCode = 1
}
