import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { StoredImage } from '../files/images.js'
import { LocalDiskStorage, type FileStorage } from '../files/storage.js'
import { buildCacheFolder, filesUnder } from '../paths.js'
import type { DemoArtwork } from './demo-artwork.js'
import { DEMO_PRODUCTS } from './demo-products.js'

/**
 * The demo catalogue's artwork (covers and previews in every stored variant, and the PDFs),
 * drawn once per version of the code and libraries that draw it, at build time
 * (scripts/build.mjs → pristine-cli.ts), under node_modules/.cache. A first start copies about
 * a hundred small files instead of drawing them (2 s of both cores): decision 029.
 * The images are content-addressed and the PDFs carry fixed dates, so a copy is byte for byte
 * what drawing them would store.
 */
const READY = 'ARTWORK_READY'
const MANIFEST = 'manifest.json'
/** Objects as the storage keys them (images/ab/…webp), under this folder of the cache. */
const STORE = 'store'
const PDFS = 'pdf'

/** What the drawing depends on: a change to any of these is another cache folder. */
const SOURCES = [
  'src/server/seed',
  'src/server/files/images.ts',
  'src/contracts/categories.ts',
  'src/contracts/products.ts',
]
const LIBRARIES = ['sharp', 'pdf-lib']

interface Manifest {
  products: {
    slug: string
    images: StoredImage[]
    files: { fileName: string; keySuffix: string }[]
  }[]
  /** Every storage key the images were stored under. */
  objects: string[]
}

/** The folder for today's drawing code and libraries. */
export function demoArtworkDir(): string {
  return buildCacheFolder('demo', { libraries: LIBRARIES, sources: SOURCES })
}

/**
 * Stores the cached images into `storage` and reads the cached PDFs; null when `dir` holds no
 * finished cache of today's demo (the caller draws it, as before the cache existed).
 */
export async function copyDemoArtwork(
  storage: FileStorage,
  dir: string,
): Promise<DemoArtwork | null> {
  if (!existsSync(path.join(dir, READY))) return null
  try {
    const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest
    const artwork = DEMO_PRODUCTS.map((product, i) => {
      const cached = manifest.products[i]
      if (cached?.slug !== product.slug) throw new Error(`cached demo lacks ${product.slug}`)
      return { product, cached }
    })
    await Promise.all(
      manifest.objects.map(async (key) =>
        storage.put(key, await readFile(path.join(dir, STORE, key))),
      ),
    )
    return await Promise.all(
      artwork.map(async ({ product, cached }) => ({
        product,
        images: cached.images,
        files: await Promise.all(
          cached.files.map(async (file) => ({
            ...file,
            pdf: await readFile(path.join(dir, PDFS, file.keySuffix)),
          })),
        ),
      })),
    )
  } catch {
    // A file removed from the cache by hand: drawing gives the same bytes, only slower.
    return null
  }
}

/** Whether a first start would find today's demo artwork to copy. */
export function demoArtworkCached(dir = demoArtworkDir()): boolean {
  return existsSync(path.join(dir, READY))
}

/**
 * Draws the demo artwork into the cache folder when missing (in a process that exits
 * afterwards: libvips's memory must not stay in a server's), and removes older folders.
 */
export async function ensureDemoArtwork(target = demoArtworkDir()): Promise<string> {
  if (demoArtworkCached(target)) return target
  const building = `${target}.${process.pid}`
  rmSync(building, { recursive: true, force: true })
  mkdirSync(building, { recursive: true })
  const store = path.join(building, STORE)
  const { renderDemoArtwork } = await import('./demo-artwork.js')
  const artwork = await renderDemoArtwork(new LocalDiskStorage(store))
  mkdirSync(path.join(building, PDFS))
  for (const { files } of artwork) {
    for (const file of files) writeFileSync(path.join(building, PDFS, file.keySuffix), file.pdf)
  }
  const manifest: Manifest = {
    products: artwork.map(({ product, images, files }) => ({
      slug: product.slug,
      images,
      files: files.map(({ fileName, keySuffix }) => ({ fileName, keySuffix })),
    })),
    objects: filesUnder(store).map((file) => path.relative(store, file).split(path.sep).join('/')),
  }
  writeFileSync(path.join(building, MANIFEST), JSON.stringify(manifest))
  writeFileSync(path.join(building, READY), '')
  try {
    renameSync(building, target)
  } catch {
    // Another build made it meanwhile: theirs is as good.
    rmSync(building, { recursive: true, force: true })
  }
  const parent = path.dirname(target)
  for (const name of readdirSync(parent)) {
    const full = path.join(parent, name)
    if (name.startsWith('demo-') && full !== target && !name.includes('.')) {
      rmSync(full, { recursive: true, force: true })
    }
  }
  return target
}
