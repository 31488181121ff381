import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATEGORIES } from '../../contracts/categories.js'
import { openDatabase, type Database } from '../db/client.js'
import { productFiles, productImages, products } from '../modules/products/products.tables.js'
import { LocalDiskStorage } from '../files/storage.js'
import { seedDemoCatalog } from './demo-catalog.js'
import { unknownCode } from '../modules/bncc/bncc.service.js'

let database: Database
let root: string
let inserted: number
let seedMs: number

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' })
  await database.migrate()
  root = await mkdtemp(path.join(tmpdir(), 'demo-seed-'))
  const started = performance.now()
  inserted = await seedDemoCatalog(database.db, new LocalDiskStorage(root))
  seedMs = performance.now() - started
}, 30_000)

afterAll(async () => {
  await database?.close()
  if (root) await rm(root, { recursive: true, force: true })
})

describe('seedDemoCatalog', () => {
  it('inserts twelve products over at least six canonical categories, two of them free', async () => {
    const rows = await database.db.select().from(products)
    expect(inserted).toBe(12)
    expect(rows).toHaveLength(12)
    const free = rows.filter((p) => p.isFree)
    expect(free).toHaveLength(2)
    expect(free.every((p) => p.priceCents === 0)).toBe(true)
    // Marked as the demo, so one tap in the checklist removes them.
    expect(rows.every((p) => p.isDemo)).toBe(true)
    for (const p of rows.filter((p) => !p.isFree)) {
      expect(p.priceCents).toBeGreaterThanOrEqual(990)
      expect(p.priceCents).toBeLessThanOrEqual(4990)
    }
    const slugs = new Set<string>(CATEGORIES.map((c) => c.slug))
    expect(rows.every((p) => slugs.has(p.category))).toBe(true)
    expect(new Set(rows.map((p) => p.category)).size).toBeGreaterThanOrEqual(6)
    expect(new Set(rows.map((p) => p.createdAt.getTime())).size).toBe(12)
    expect(
      rows.filter((p) => p.canvaTemplateId && p.externalLink?.startsWith('https://www.canva.com/')),
    ).toHaveLength(1)
    console.info(`demo seed took ${Math.round(seedMs)} ms`)
  })

  it('tags the demo with real BNCC codes, and each product with a year or a kind', async () => {
    const rows = await database.db.select().from(products)
    const tagged = rows.filter((p) => p.bncc.length)
    expect(tagged.length).toBeGreaterThanOrEqual(8)
    for (const p of rows) {
      expect(unknownCode(p.bncc), p.name).toBeNull()
      expect(p.anos.length > 0 || p.tipo !== null, p.name).toBe(true)
    }
    const maths = rows.find((p) => p.name.startsWith('Avaliação Diagnóstica de Matemática'))!
    expect(maths).toMatchObject({ anos: ['3'], componentes: ['MA'], tipo: 'avaliacao' })
  })

  it('gives every product a WebP cover, and three of them two preview images', async () => {
    const images = await database.db.select().from(productImages)
    const byProduct = new Map<number, typeof images>()
    for (const image of images)
      byProduct.set(image.productId, [...(byProduct.get(image.productId) ?? []), image])
    expect(byProduct.size).toBe(12)
    for (const list of byProduct.values()) {
      const cover = list.find((i) => i.position === 0)
      expect(cover?.width).toBe(1200)
      const card = await readFile(path.join(root, cover!.variants.card!))
      expect(card.subarray(0, 4).toString('latin1')).toBe('RIFF')
      expect(card.subarray(8, 12).toString('latin1')).toBe('WEBP')
    }
    const withGallery = [...byProduct.values()].filter((list) => list.length > 1)
    expect(withGallery).toHaveLength(3)
    for (const list of withGallery) expect(list.map((i) => i.position).sort()).toEqual([0, 1, 2])
  })

  it('gives every product a real PDF whose stored hash matches, and one a second file', async () => {
    const files = await database.db.select().from(productFiles)
    expect(new Set(files.filter((f) => f.position === 0).map((f) => f.productId)).size).toBe(12)
    for (const file of files) {
      const bytes = await readFile(path.join(root, file.storageKey))
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256)
      expect(file.sizeBytes).toBe(bytes.length)
      expect(file.mimeType).toBe('application/pdf')
      expect(file.fileName).toMatch(/^[a-z0-9-]+\.pdf$/)
    }
    const extra = files.filter((f) => f.position === 1)
    expect(extra).toHaveLength(1)
    expect(extra[0]?.fileName).toBe('gabarito.pdf')
  })

  it('does nothing once the store has products', async () => {
    const again = await seedDemoCatalog(database.db, new LocalDiskStorage(root))
    expect(again).toBe(0)
    expect(await database.db.$count(products)).toBe(12)
    expect(await database.db.$count(productImages)).toBe(18)
    expect(await database.db.$count(productFiles)).toBe(13)
  })
})
