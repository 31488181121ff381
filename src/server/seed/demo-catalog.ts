import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { productFiles, productImages, products } from '../modules/products/products.tables.js'
import type { FileStorage } from '../files/storage.js'
import { copyDemoArtwork, demoArtworkDir } from './demo-artwork-cache.js'
import type { DemoArtwork } from './demo-artwork.js'
import type { DemoProduct } from './demo-products.js'
import { tagsOfCategory, withImplied, type SchoolTags } from '../../contracts/school.js'
import { impliedBy } from '../modules/bncc/bncc.service.js'

/** Any constant will do: it only has to be the same for every process that seeds. */
const SEED_LOCK = 720_261_001

const DAY_MS = 86_400_000

/**
 * Fills an empty store with a demo catalogue of 12 materials, with real covers and PDFs, so a
 * fresh install has something to browse and buy. Does nothing, and returns 0, once the products
 * table has any row, deleted ones included: a shop owner's catalogue is never touched.
 */
export async function seedDemoCatalog(
  db: Db,
  storage: FileStorage,
  artwork?: Promise<DemoArtwork>,
): Promise<number> {
  if (await hasProducts(db)) return 0
  // Artwork and PDFs are made before the transaction so it stays short; images are
  // content-addressed, so storing them again after a failed attempt costs nothing.
  const prepared = await (artwork ?? prepareDemoArtwork(storage))
  const now = Date.now()
  return db.transaction(async (tx) => {
    // Two processes booting on one empty database would otherwise both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`)
    if (await hasProducts(tx)) return 0
    for (const { product, images, files } of prepared) {
      const createdAt = new Date(now - product.daysAgo * DAY_MS)
      const [row] = await tx
        .insert(products)
        .values({
          name: product.name,
          description: product.description,
          priceCents: product.priceCents,
          category: product.category,
          ...demoTags(product),
          isFree: product.priceCents === 0,
          externalLink: product.canva?.link ?? null,
          canvaTemplateId: product.canva?.templateId ?? null,
          isDemo: true,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: products.id })
      if (!row) throw new Error(`demo product ${product.slug} was not inserted`)
      await tx
        .insert(productImages)
        .values(images.map((image, position) => ({ productId: row.id, position, ...image })))
      const fileRows = []
      // PDF keys carry the product id, which exists only now; a rolled-back seed leaves at
      // most a few orphan demo files that the next attempt overwrites.
      for (const [position, file] of files.entries()) {
        const storageKey = `files/demo/${row.id}-${file.keySuffix}`
        const stored = await storage.put(storageKey, file.pdf)
        fileRows.push({
          productId: row.id,
          position,
          fileName: file.fileName,
          mimeType: 'application/pdf',
          sizeBytes: stored.size,
          storageKey,
          sha256: stored.sha256,
        })
      }
      await tx.insert(productFiles).values(fileRows)
    }
    return prepared.length
  })
}

async function hasProducts(db: Pick<Db, 'select'>): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1)
  return rows.length > 0
}

/**
 * The demo catalogue's covers (stored) and PDFs, before any database: copied from the build's
 * cache when it holds them for today's drawing code (demo-artwork-cache.ts), drawn otherwise.
 * A first start that seeds in a child makes them while its database opens (first-start.ts).
 */
export async function prepareDemoArtwork(
  storage: FileStorage,
  cacheDir = demoArtworkDir(),
): Promise<DemoArtwork> {
  const copied = await copyDemoArtwork(storage, cacheDir)
  if (copied) return copied
  // Loaded only to draw: pdf-lib and the drawing code are a start's load time otherwise.
  const { renderDemoArtwork } = await import('./demo-artwork.js')
  return renderDemoArtwork(storage)
}

/** A demo product's tags: its category's meaning, its own, and what its codes imply. */
function demoTags({ category, tags = {} }: DemoProduct): SchoolTags {
  const meant = tagsOfCategory(category)
  const bncc = tags.bncc ?? []
  const held = { anos: tags.anos ?? meant.anos, componentes: tags.componentes ?? meant.componentes }
  return {
    bncc,
    ...withImplied(held, impliedBy(bncc)),
    tipo: tags.tipo ?? meant.tipo,
    tema: tags.tema ?? meant.tema,
  }
}
