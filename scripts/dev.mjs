// `npm run dev`: the API on PORT (default 3000), rebuilt and restarted on change, and Vite's dev
// server with React's fast refresh on 5173 proxying /api to it.
import { spawn } from 'node:child_process'
import { context } from 'esbuild'
import { fileURLToPath } from 'node:url'
import { serverBuildOptions } from './build.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const ctx = await context({ ...serverBuildOptions, logLevel: 'info' })
await ctx.rebuild()
await ctx.watch()

const children = [
  spawn(process.execPath, ['--enable-source-maps', '--watch', 'dist/server/main.js'], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { cwd: root, stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
  void ctx.dispose().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
