import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** What the server reads of a chunk in Vite's build manifest (build.manifest in vite.config). */
interface ManifestChunk {
  file: string
  isEntry?: boolean
  /** Static imports, as keys of the manifest. */
  imports?: string[]
}
type Manifest = Record<string, ManifestChunk>

/** The page modules a drawn page takes over with, besides the entry (src/client/main.tsx). */
const PAGE_MODULES = {
  product: ['src/client/other-routes.tsx', 'src/client/pages/product.page.tsx'],
  clube: ['src/client/other-routes.tsx', 'src/client/pages/clube.page.tsx'],
  bncc: ['src/client/other-routes.tsx', 'src/client/pages/bncc-skill.page.tsx'],
  bnccIndex: ['src/client/other-routes.tsx', 'src/client/pages/bncc-index.page.tsx'],
} as const
type PreloadedPage = keyof typeof PAGE_MODULES

/**
 * `<link rel="modulepreload">` tags for each drawn page's code, from the build's manifest: the
 * browser fetches a page's chunks and everything they import at once, with the HTML, instead
 * of discovering them import after import (a round trip each) or through the bundler's
 * run-time helper, which added a link per chunk from script on the page's busiest moment
 * (vite.config, modulePreload). The entry's own chunks are linked by index.html already.
 * No manifest (a test's client, a build without it): no tags, the pages work the same.
 */
export function pagePreloads(clientDir: string): Record<PreloadedPage | 'home', string> {
  const file = path.join(clientDir, '.vite', 'manifest.json')
  const manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {}
  return {
    product: preloadTags(manifest, PAGE_MODULES.product),
    clube: preloadTags(manifest, PAGE_MODULES.clube),
    bncc: preloadTags(manifest, PAGE_MODULES.bncc),
    bnccIndex: preloadTags(manifest, PAGE_MODULES.bnccIndex),
    // From the home page a buyer opens a product next: its code is fetched while she looks,
    // at the lowest priority (prefetch: nothing the home page draws waits for it), so the tap
    // on a card waits for no download.
    home: preloadTags(manifest, PAGE_MODULES.product, 'prefetch'),
  }
}

export function preloadTags(
  manifest: Manifest,
  modules: readonly string[],
  rel: 'modulepreload' | 'prefetch' = 'modulepreload',
): string {
  const linked = new Set<string>()
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) chunksOf(manifest, key, linked)
  }
  const wanted = new Set<string>()
  for (const module of modules) chunksOf(manifest, module, wanted)
  return (
    [...wanted]
      .filter((f) => !linked.has(f) && f.endsWith('.js'))
      // crossorigin: module scripts are fetched in CORS mode, and a prefetch must match to be used.
      .map((f) => `<link rel="${rel}" crossorigin href="/${f}">`)
      .join('')
  )
}

/** The chunk of `key` and those it imports statically, as files, into `into`. */
function chunksOf(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key]
  if (!chunk || into.has(chunk.file)) return
  into.add(chunk.file)
  for (const imported of chunk.imports ?? []) chunksOf(manifest, imported, into)
}
