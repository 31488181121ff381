// What the home page's JavaScript is made of: builds the client into a temporary folder and
// lists the modules of the chunks the built index.html loads (its script and module preloads,
// the files bench/catalog.bench.ts gzips), largest first, with each file's gzip size and the
// total. Sizes per module are before minification (for ranking only).
//   node scripts/home-js-stats.mjs [how many modules, 60]
//   WHY=node_modules/zod,features/admin node scripts/home-js-stats.mjs 0
// WHY prints the chain of static imports that brings a module onto the home, if one does.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = mkdtempSync(path.join(tmpdir(), 'home-js-'))
/** Per chunk file: its modules' rendered sizes. Per module id: what it imports statically. */
const stats = {}
const graph = {}
await build({
  root,
  logLevel: 'error',
  build: { outDir: out, emptyOutDir: true },
  plugins: [
    {
      name: 'stats',
      generateBundle(_, bundle) {
        for (const [file, c] of Object.entries(bundle))
          if (c.type === 'chunk')
            stats[file] = {
              modules: Object.fromEntries(
                Object.entries(c.modules).map(([id, m]) => [
                  id,
                  [m.renderedLength, m.code ? gzipSync(m.code, { level: 9 }).length : 0],
                ]),
              ),
            }
        for (const id of this.getModuleIds()) graph[id] = this.getModuleInfo(id)?.importedIds ?? []
      },
    },
  ],
})
const html = readFileSync(out + '/index.html', 'utf8')
const files = [
  ...new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1])),
]
let total = 0
const all = []
for (const f of files) {
  const g = gzipSync(readFileSync(out + '/' + f), { level: 9 }).length
  total += g
  console.log(`${f}  gzip ${g}`)
  for (const [id, [len, gz]] of Object.entries(stats[f]?.modules ?? {}))
    all.push([len, f.replace(/assets\/|-[\w-]{8}\.js/g, ''), path.relative(root, id), gz])
}
// Why a package is on the home: the path of static imports from the entry to it.
const entry = Object.keys(graph).find((id) => id.endsWith('src/client/main.tsx'))
const parent = new Map([[entry, null]])
const queue = [entry]
while (queue.length) {
  const id = queue.shift()
  for (const next of graph[id] ?? [])
    if (!parent.has(next)) {
      parent.set(next, id)
      queue.push(next)
    }
}
for (const pkg of (process.env.WHY ?? '').split(',').filter(Boolean)) {
  const hit = [...parent.keys()].find((id) => id.includes(pkg))
  const chain = []
  for (let id = hit; id; id = parent.get(id)) chain.unshift(path.relative(root, id))
  console.log(`${pkg}: ${hit ? chain.join('\n  -> ') : 'not imported statically'}`)
}
// Modules a home chunk carries though the home never imports them statically (a manual chunk
// group pulls them in, or they share a chunk with what the home needs): candidates to move.
const unreached = all.filter(
  ([, , id]) => !parent.has(path.join(root, id)) && !id.startsWith('\0') && id !== 'index.html',
)
if (unreached.length) {
  console.log('in the home chunks but not imported by the home:')
  for (const [len, f, id] of unreached.sort((a, b) => b[0] - a[0]))
    console.log(String(len).padStart(7), f.padEnd(18), id)
}
all.sort((a, b) => b[0] - a[0])
const top = Number(process.argv[2] ?? 60)
// Both sizes are of the module's code as rendered into its chunk, before minification: for
// ranking, not adding up (the files' gzip sizes above are what the bench counts).
console.log('rendered  gzip alone  chunk  module')
for (const [len, f, id, gz] of all.slice(0, top))
  console.log(String(len).padStart(8), String(gz).padStart(10), ' ', f.padEnd(18), id)
console.log(`total gzip: ${total} B = ${(total / 1024).toFixed(3)} KB`)
rmSync(out, { recursive: true, force: true })
