// `npm start`: build whatever is missing or stale, then run the server in this process.
import { buildAll } from './build.mjs'

await buildAll({ ifMissing: true })
await import('../dist/server/main.js')
