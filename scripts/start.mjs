// `npm start`: build whatever is missing or stale, then run the server in this process.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { buildIsDue } from './build.mjs'

// The build runs in a child that exits: Vite and esbuild never stay in the server's memory.
if (buildIsDue()) {
  const build = fileURLToPath(new URL('./build.mjs', import.meta.url))
  const { status } = spawnSync(process.execPath, [build, '--if-missing'], { stdio: 'inherit' })
  if (status !== 0) process.exit(status ?? 1)
}
await import('../dist/server/main.js')
