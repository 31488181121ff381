import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { shareImageKey } from '../files/images.js'
import { LocalDiskStorage } from '../files/storage.js'
import { ensureDemoArtwork } from './demo-artwork-cache.js'
import type * as DrawingModule from './demo-artwork.js'
import { renderDemoArtwork, type DemoArtwork } from './demo-artwork.js'
import { prepareDemoArtwork } from './demo-catalog.js'

// The drawing itself, watched: a first start with the cache must not draw.
vi.mock('./demo-artwork.js', async (importOriginal) => {
  const real = await importOriginal<typeof DrawingModule>()
  return { ...real, renderDemoArtwork: vi.fn(real.renderDemoArtwork) }
})

let root: string
let cacheDir: string
/** What drawing stores in a store's files folder, and hands the seed. */
let drawn: { files: Map<string, Buffer>; artwork: DemoArtwork }

async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const names = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort()
  return new Map(
    await Promise.all(names.map(async (n) => [n, await readFile(path.join(dir, n))] as const)),
  )
}

async function intoNewStore(prepare: (storage: LocalDiskStorage) => Promise<DemoArtwork>) {
  const dir = await mkdtemp(path.join(root, 'store-'))
  const artwork = await prepare(new LocalDiskStorage(dir))
  return { files: await filesOf(dir), artwork }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'demo-artwork-'))
  cacheDir = await ensureDemoArtwork(path.join(root, 'cache', 'demo-test'))
  drawn = await intoNewStore(renderDemoArtwork)
}, 180_000)

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true })
})

beforeEach(() => {
  vi.mocked(renderDemoArtwork).mockClear()
})

describe('the demo artwork a first start copies', () => {
  it('copies the cached files, byte for byte what drawing stores, without drawing', async () => {
    const copied = await intoNewStore((storage) => prepareDemoArtwork(storage, cacheDir))
    expect(renderDemoArtwork).not.toHaveBeenCalled()
    // Every variant of every cover and preview, and each cover's share picture.
    const stored = drawn.artwork.flatMap(({ images }) =>
      images.flatMap((image, i) => [
        ...Object.values(image.variants),
        ...(i === 0 ? [shareImageKey(image.hash)] : []),
      ]),
    )
    expect([...copied.files.keys()]).toEqual(stored.sort())
    expect([...copied.files.keys()]).toEqual([...drawn.files.keys()])
    for (const [name, bytes] of drawn.files) expect(copied.files.get(name)).toEqual(bytes)
    expect(copied.artwork).toEqual(drawn.artwork)
  })

  it('draws the artwork when there is no cache for today’s code', async () => {
    const missing = path.join(root, 'cache', 'demo-never-built')
    const made = await intoNewStore((storage) => prepareDemoArtwork(storage, missing))
    expect(renderDemoArtwork).toHaveBeenCalledOnce()
    expect(made.files).toEqual(drawn.files)
    expect(made.artwork).toEqual(drawn.artwork)
  }, 120_000)

  it('draws it too when a cached file is gone, rather than seeding a broken cover', async () => {
    const broken = path.join(root, 'broken')
    await cp(cacheDir, broken, { recursive: true })
    const [cover] = drawn.artwork[0]!.images
    await rm(path.join(broken, 'store', cover!.variants.card))
    const made = await intoNewStore((storage) => prepareDemoArtwork(storage, broken))
    expect(renderDemoArtwork).toHaveBeenCalledOnce()
    expect(made.files).toEqual(drawn.files)
  }, 120_000)
})
