import { z } from 'zod'
import type { CatalogCard } from '../../../contracts/catalog.js'
import type { Filterable } from '../../../contracts/catalog-filters.js'
import { decimalToCents } from '../../../contracts/money.js'
import type { Product } from '../../../contracts/products.js'
import { Product as ProductSchema } from '../../../contracts/products.js'
import { prepareBodyAsync, type PreparedBody } from '../../lib/http.js'
import { inSlices } from '../../lib/slices.js'

// One product as the catalogue holds it between refreshes (its public view, its JSON and its
// card), and the order the entries are kept in: made once per version of the product, so a
// refresh after one write touches one entry, not ten thousand.

/** A card and what the filters read, in the catalogue's order. */
export interface CardEntry {
  card: CatalogCard
  filterable: Filterable
}

/** One product as kept between refreshes: made once per version of the product. */
export interface Entry {
  product: Product
  version: string
  /** Its JSON in GET /api/products, joined with the others' for the list. */
  json: string
  card: CardEntry
}

/**
 * A paid material's Canva link (or template id) IS the material: it reaches only its buyers
 * (customer area, guest look-up, download answers), never the public catalogue. A free
 * material may show its own.
 */
export function publicView(product: Product): Product {
  if (product.isFree) return product
  return { ...product, externalLink: null, canvaTemplateId: null }
}

/** Newest first (created_at, then id), as the catalogue has always been listed. */
export function newestFirst(a: Entry, b: Entry): number {
  const x = a.product
  const y = b.product
  if (x.createdAt !== y.createdAt) return x.createdAt < y.createdAt ? 1 : -1
  return y.id - x.id
}

/** Where `entry` goes in `sorted` (newest first), by halving. */
export function insertionPoint(sorted: Entry[], entry: Entry): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (newestFirst(sorted[mid]!, entry) < 0) low = mid + 1
    else high = mid
  }
  return low
}

/** GET /api/products' body: the entries' JSON joined between event-loop turns, gzipped apart. */
export async function serialise(ordered: Entry[]): Promise<PreparedBody> {
  const pieces: Buffer[] = []
  let chunk: string[] = []
  const flush = () => {
    pieces.push(Buffer.from((pieces.length ? ',' : '[') + chunk.join(',')))
    chunk = []
  }
  await inSlices(ordered, (entry) => {
    chunk.push(entry.json)
    if (chunk.length === 200) flush()
  })
  if (chunk.length || !pieces.length) flush()
  pieces.push(Buffer.from(']'))
  return prepareBodyAsync(pieces, 'application/json; charset=utf-8')
}

/** The entry of a product on sale: its public view, its JSON through the route's schema, its card. */
export function entryOf(view: Product, version: string): Entry {
  const product = publicView(view)
  // Through the route's schema, as Fastify would serialise it (unlisted keys dropped).
  const json = JSON.stringify(z.encode(ProductSchema, product))
  const card: CatalogCard = {
    id: product.id,
    name: product.name,
    price: product.price,
    category: product.category,
    isFree: product.isFree,
    imageUrl: product.imageUrl,
    bncc: product.bncc,
    anos: product.anos,
    componentes: product.componentes,
    tipo: product.tipo,
    tema: product.tema,
    previewReady: product.previewStatus === 'ready' && product.previews.length > 0,
  }
  const filterable = { ...card, priceCents: decimalToCents(product.price) ?? 0 }
  return {
    product,
    version,
    json,
    card: { card, filterable },
  }
}
