// Builds the client (Vite) and the server bundle (esbuild). With --if-missing, only what is
// absent or older than its sources, so `npm start` on a fresh clone or after a pull just works.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, gzipSync, constants } from 'node:zlib'

const root = fileURLToPath(new URL('..', import.meta.url))
const at = (...parts) => path.join(root, ...parts)

function newestMtime(entries) {
  let newest = 0
  for (const entry of entries) {
    const full = at(entry)
    if (!existsSync(full)) continue
    const stats = statSync(full)
    if (stats.isDirectory()) {
      newest = Math.max(
        newest,
        newestMtime(readdirSync(full).map((name) => path.join(entry, name))),
      )
    } else {
      newest = Math.max(newest, stats.mtimeMs)
    }
  }
  return newest
}

function isStale(output, sources) {
  return !existsSync(at(output)) || statSync(at(output)).mtimeMs < newestMtime(sources)
}

async function buildClient() {
  const { build } = await import('vite')
  await build({ root, logLevel: 'warn' })
  inlineStylesheet(at('dist/client/index.html'))
  compressAssets(at('dist/client'))
  // The storefront's server renderer (src/client/entry-server.tsx): one file with React and the
  // pages inside, so the server needs none of the client's packages at run time.
  await build({
    root,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true },
    build: {
      ssr: 'src/client/entry-server.tsx',
      outDir: 'dist/ssr',
      emptyOutDir: true,
      copyPublicDir: false,
      rollupOptions: { output: { codeSplitting: false } },
    },
  })
}

/**
 * The stylesheet inside the page instead of beside it (decision 031): the first paint waits for
 * no second request. The whole sheet, not a 'critical' part: Tailwind keeps only the classes the
 * pages use (about 10 KB gzip), a visit loads the HTML once (the pages after it are drawn in the
 * browser), and a part would need the rest loaded by a script the CSP refuses, or a flash.
 */
function inlineStylesheet(indexFile) {
  const html = readFileSync(indexFile, 'utf8')
  const link = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/.exec(html)
  if (!link) return
  const css = readFileSync(at('dist/client', link[1]), 'utf8')
  writeFileSync(
    indexFile,
    html.replace(link[0], () => `<style>${css}</style>`),
  )
}

/** Gzip and Brotli copies beside each text asset: served as-is, no compression per request. */
function compressAssets(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) compressAssets(full)
    else if (/\.(js|css|html|svg|json|webmanifest)$/.test(name)) {
      const content = readFileSync(full)
      writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }))
      writeFileSync(
        `${full}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      )
    }
  }
}

/** The server bundle: one ESM file per entry, dependencies left to node_modules. */
export const serverBuildOptions = {
  entryPoints: [
    { in: at('src/server/main.ts'), out: 'main' },
    { in: at('src/server/migrate.ts'), out: 'migrate' },
    // Run as a child on a first start over an empty PGlite folder (src/server/startup.ts).
    { in: at('src/server/first-start.ts'), out: 'first-start' },
    // The pristine PGlite folder and the demo's artwork a first start copies
    // (src/server/db/pristine-pglite.ts, src/server/seed/demo-artwork-cache.ts).
    { in: at('src/server/pristine-cli.ts'), out: 'pristine' },
    // The demo's drawing, imported only when there is no drawn copy to take (the build's, or
    // a first start without it): pdf-lib and the drawing code stay out of every other start.
    { in: at('src/server/seed/demo-artwork.ts'), out: 'demo-artwork' },
    { in: at('src/server/storage-migrate.ts'), out: 'storage-migrate' },
    { in: at('src/server/backup-cli.ts'), out: 'backup' },
    { in: at('src/server/restore-cli.ts'), out: 'restore' },
    { in: at('src/server/backup-verify-cli.ts'), out: 'backup-verify' },
    // Started as a worker thread beside main.js (modules/stamping/stamp-runner.ts).
    { in: at('src/server/modules/stamping/stamp-worker.ts'), out: 'stamp-worker' },
    // The page count of an uploaded PDF, read off the main thread (modules/products/pdf-pages.ts).
    { in: at('src/server/modules/products/pdf-pages-worker.ts'), out: 'pdf-pages-worker' },
    // The pages' previews, drawn with pdf.js off the main thread (modules/previews).
    { in: at('src/server/modules/previews/preview-worker.ts'), out: 'preview-worker' },
  ],
  outdir: at('dist/server'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  external: ['./demo-artwork.js'],
  sourcemap: true,
  logLevel: 'warning',
}

async function buildServer() {
  // Imported only when a build is due, so a process that finds dist fresh never loads esbuild.
  const { build } = await import('esbuild')
  await build(serverBuildOptions)
}

const clientSources = ['index.html', 'public', 'src/client', 'src/contracts', 'vite.config.ts']
const serverSources = ['src/server', 'src/contracts']

/** Whether `buildAll({ ifMissing: true })` would build anything. */
export function buildIsDue() {
  return (
    isStale('dist/client/index.html', clientSources) ||
    isStale('dist/ssr/entry-server.js', clientSources) ||
    isStale('dist/server/main.js', serverSources)
  )
}

export async function buildAll({ ifMissing = false } = {}) {
  if (
    !ifMissing ||
    isStale('dist/client/index.html', clientSources) ||
    isStale('dist/ssr/entry-server.js', clientSources)
  ) {
    console.log('Compilando o site...')
    await buildClient()
  }
  if (!ifMissing || isStale('dist/server/main.js', serverSources)) {
    console.log('Compilando o servidor...')
    await buildServer()
  }
  // In a child that exits: initdb's and libvips's memory never stays in this process (or a
  // server's). It returns at once when the folders for today's migrations and artwork exist.
  const pristine = spawnSync(process.execPath, [at('dist/server/pristine.js')], {
    stdio: 'inherit',
  })
  if (pristine.status !== 0)
    throw new Error('the pristine database or demo artwork could not be made')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildAll({ ifMissing: process.argv.includes('--if-missing') })
}
