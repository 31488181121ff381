import { z } from 'zod'
import type { CatalogCard, CatalogCategories } from '../../../contracts/catalog.js'
import { CATEGORIES, categoryOf } from '../../../contracts/categories.js'
import type { Filterable } from '../../../contracts/catalog-filters.js'
import { decimalToCents } from '../../../contracts/money.js'
import type { Product } from '../../../contracts/products.js'
import { BESTSELLERS_LIMIT, Product as ProductSchema } from '../../../contracts/products.js'
import { prepareBodyAsync, type PreparedBody } from '../../lib/http.js'
import { inSlices } from '../../lib/slices.js'
import type { ImageRecord, ProductsService } from '../products/products.service.js'
import type { RatingSummary } from '../../../contracts/reviews.js'
import { createCatalogIndex } from './catalog-index.js'
import type { BnccSkill } from '../../../contracts/bncc.js'
import type { Query } from 'minisearch'

/**
 * Where the catalogue comes from: the products' reads, units sold by product (orders), and the
 * stars of approved reviews by product (reviews), read again with the sales.
 */
export interface CatalogSources {
  products: Pick<ProductsService, 'versions' | 'countOnSale' | 'activeViewsOf' | 'image'>
  unitsSold: () => Promise<Map<number, number>>
  ratings?: () => Promise<Map<number, RatingSummary>>
  /** The drawn preview pages of products with a PDF (previews module), by product id. */
  previews?: (ids: number[]) => Promise<Map<number, Pick<Product, 'previews' | 'previewStatus'>>>
  /** The skills one word of a search names, with their scores (the BNCC's index). */
  skillScores?: (query: Query) => Map<string, number>
  /** The BNCC's skills matching some words (the search box's suggestions). */
  skillsMatching?: (words: string) => BnccSkill[]
}

/** A card and what the filters read, in the catalogue's order. */
export interface CardEntry {
  card: CatalogCard
  filterable: Filterable
}

/**
 * What the catalogue answers from, as of one refresh. Its lists never change once made;
 * `byId` and `images` are the catalogue's live maps, as of the latest refresh.
 */
export interface CatalogView {
  /** Changes with every refresh: what the home page's HTML is cached by. */
  version: string
  list: Product[]
  /**
   * The list serialised through the route's ProductList, gzipped (the store's hottest call):
   * made at the first request after a change, not at every change.
   */
  listJson(): Promise<PreparedBody>
  byId: Map<number, Product>
  bestsellers: Product[]
  /** Image rows of active products by product id, for serving without a query. */
  images: Map<number, ImageRecord[]>
  cards: CardEntry[]
  categories: CatalogCategories
  /** Approved reviews' stars by product id; cards and product pages read them. */
  ratings: Map<number, RatingSummary>
  /** The cards matching every word of a search, best first (catalog-index.ts). */
  search(words: string): CardEntry[]
}

/** One product as kept between refreshes: made once per version of the product. */
interface Entry {
  product: Product
  version: string
  /** Its JSON in GET /api/products, joined with the others' for the list. */
  json: string
  card: CardEntry
}

/** Products re-read per query: a few hundred rows parse in well under a slice. */
const READ_BATCH = 250
/**
 * How far back a refresh looks for changed products. A write's updated_at is its transaction's
 * start, seen once it commits: product writes commit within seconds, an hour leaves room.
 */
const CHANGED_WITHIN_SECONDS = 3_600

/**
 * A paid material's Canva link (or template id) IS the material: it reaches only its buyers
 * (customer area, guest look-up, download answers), never the public catalogue. A free
 * material may show its own.
 */
export function publicView(product: Product): Product {
  if (product.isFree) return product
  return { ...product, externalLink: null, canvaTemplateId: null }
}

/**
 * The catalogue kept in memory and refreshed on change, not on a timer (decision 021). A refresh
 * reads every active product's version (one light query), re-reads only those that changed,
 * appeared or left (and the kits that show them), and rebuilds the answers in slices between
 * event-loop turns. Readers during a refresh wait for it, so a write is seen by the next read.
 */
export function createCatalogSnapshot(sources: CatalogSources) {
  const entries = new Map<number, Entry>()
  const index = createCatalogIndex(sources.skillScores ?? (() => new Map()))
  const images = new Map<number, ImageRecord[]>()
  /** Products on sale by id, kept with `entries`. */
  const byId = new Map<number, Product>()
  /** The entries newest first, kept in order as products change (no sort of all at a write). */
  let ordered: Entry[] = []
  let sold = new Map<number, number>()
  let ratings = new Map<number, RatingSummary>()
  let view: CatalogView | null = null
  let running: Promise<CatalogView> | null = null
  let wantProducts = true
  let wantSales = true
  /** Every version compared next time, not only the last hour's (a start, a lost signal). */
  let wantEverything = true
  /** The products the writes since the last refresh named; null: a write that named none. */
  let wantIds: Set<number> | null = new Set()

  /**
   * Only what changed is read again: the products written in the last hour are compared with
   * the versions held (a short list, not ten thousand rows at every write); a product deleted
   * outright is noticed by the count, and then every version is compared.
   */
  async function syncProducts(everything: boolean, named: number[] | null) {
    if (!everything && named?.length === 0) return
    const versions = everything
      ? await sources.products.versions(null)
      : named
        ? await sources.products.versions(null, named)
        : await sources.products.versions(CHANGED_WITHIN_SECONDS)
    const changed = new Set<number>()
    const gone = new Set<number>()
    const versionOf = new Map<number, string>()
    for (const v of versions) {
      if (!v.onSale) gone.add(v.id)
      else if (entries.get(v.id)?.version !== v.version) {
        changed.add(v.id)
        versionOf.set(v.id, v.version)
      }
    }
    if (everything || named) {
      // Asked by id or in full: what is not in the answer is not on sale.
      const current = new Set(versions.map((v) => v.id))
      for (const id of named ?? entries.keys()) if (!current.has(id)) gone.add(id)
    } else {
      const known = [...entries.keys()].filter((id) => !gone.has(id)).length
      const added = [...changed].filter((id) => !entries.has(id)).length
      if (known + added !== (await sources.products.countOnSale())) {
        return syncProducts(true, null)
      }
    }
    // A kit shows its products' names and prices: it is re-read when one of them changes.
    const touched = new Set([...changed, ...gone])
    if (touched.size) {
      for (const [id, entry] of entries) {
        if (!gone.has(id) && entry.product.bundleProductIds.some((p) => touched.has(p))) {
          changed.add(id)
          if (!versionOf.has(id)) {
            versionOf.set(id, entry.version)
            // Owed a re-read until it has one: a refresh failing on the way leaves it differing
            // from its version, so the next refresh (which compares every version) reads it.
            entry.version = ''
          }
        }
      }
    }
    for (const id of gone) forget(id)
    const ids = [...changed]
    for (let i = 0; i < ids.length; i += READ_BATCH) {
      const batch = ids.slice(i, i + READ_BATCH)
      const read = await sources.products.activeViewsOf(batch)
      const drawn = sources.previews ? await sources.previews(batch) : new Map()
      const found = new Set<number>()
      await inSlices(read.list, (view) => {
        const product = { ...view, ...drawn.get(view.id) }
        found.add(product.id)
        const entry = entryOf(product, versionOf.get(product.id) ?? '')
        entries.set(product.id, entry)
        index.put(entry.product)
        byId.set(product.id, entry.product)
        images.set(product.id, read.images.get(product.id) ?? [])
      })
      // Switched off between the two reads: gone now; the write's own signal follows anyway.
      for (const id of batch) if (!found.has(id)) forget(id)
    }
    if (everything) {
      ordered = [...entries.values()].sort(newestFirst)
    } else if (changed.size || gone.size) {
      const kept = ordered.filter((e) => !changed.has(e.product.id) && !gone.has(e.product.id))
      for (const id of changed) {
        const entry = entries.get(id)
        if (entry) kept.splice(insertionPoint(kept, entry), 0, entry)
      }
      ordered = kept
    }
  }

  function forget(id: number) {
    entries.delete(id)
    index.remove(id)
    images.delete(id)
    byId.delete(id)
  }

  let generation = 0

  /**
   * The answers, from the entries. Few allocations that live on (two arrays of references):
   * at ten thousand products, structures rebuilt at every write are what makes the garbage
   * collector pause the process. Product and image look-ups read the live maps.
   */
  async function build(): Promise<CatalogView> {
    const order = ordered
    const ranking = sold
    const list = order.map((e) => e.product)
    const counts = new Map<string, number>()
    for (const p of list) counts.set(p.category, (counts.get(p.category) ?? 0) + 1)
    let listJson: Promise<PreparedBody> | undefined
    return {
      version: `${++generation}`,
      list,
      // A failure is not kept: the next request tries again.
      listJson: () =>
        (listJson ??= serialise(order).catch((error: unknown) => {
          listJson = undefined
          throw error
        })),
      byId,
      bestsellers: rankBestsellers(list, sold),
      images,
      cards: order.map((e) => e.card),
      categories: categoriesOf(counts),
      ratings,
      // The index is the live one, as `byId`: a reader waits for a refresh under way, so it
      // answers for this view's products (an id it no longer holds is skipped).
      search: (words) =>
        index.search(words, ranking).flatMap((id) => {
          const entry = entries.get(id)
          return entry ? [entry.card] : []
        }),
    }
  }

  async function run(): Promise<CatalogView> {
    try {
      while (wantProducts || wantSales) {
        const products = wantProducts
        const sales = wantSales
        const everything = wantEverything
        const named = wantIds && [...wantIds]
        wantProducts = wantSales = wantEverything = false
        wantIds = new Set()
        try {
          if (products) await syncProducts(everything, named)
          if (sales) {
            // A refund hides a review and is a sale's change too: both are read again together.
            ;[sold, ratings] = await Promise.all([
              sources.unitsSold(),
              sources.ratings ? sources.ratings() : Promise.resolve(ratings),
            ])
          }
        } catch (error) {
          // Not refreshed: the next reader tries again. The entries may be half updated and
          // `ordered` not yet rebuilt from them: every version is compared, the order rebuilt.
          wantProducts ||= products
          wantSales ||= sales
          wantEverything ||= products
          wantIds = null
          throw error
        }
        view = await build()
      }
      return view!
    } finally {
      running = null
    }
  }

  function refresh(what: {
    products?: boolean
    /** The products changed, when the writer knows them. */
    ids?: number[]
    sales?: boolean
    everything?: boolean
  }): Promise<CatalogView> {
    wantEverything ||= what.everything ?? false
    if (what.products || what.everything) {
      if (what.ids && wantIds) for (const id of what.ids) wantIds.add(id)
      else wantIds = null
    }
    wantProducts ||= (what.products ?? false) || wantEverything
    wantSales ||= what.sales ?? false
    running ??= run()
    return running
  }

  return {
    /** The current view; while a refresh is under way (a write was just made), its result. */
    get(): Promise<CatalogView> {
      if (running) return running
      if (!view || wantProducts || wantSales) return refresh({})
      return Promise.resolve(view)
    },
    /**
     * Everything read again, versions or not: for writes made around the services (tests,
     * a fix by hand in the database that did not touch updated_at).
     */
    reloadAll() {
      entries.clear()
      index.clear()
      images.clear()
      byId.clear()
      ordered = []
      refresh({ everything: true, sales: true }).catch(() => {})
    },
    /** Something changed: the next read waits for the refresh, which starts now. */
    changed(what: { products?: boolean; ids?: number[]; sales?: boolean; everything?: boolean }) {
      refresh(what).catch(() => {
        // A failed refresh is tried again by the next reader, who sees its error.
      })
    },
  }
}

/** Newest first (created_at, then id), as the catalogue has always been listed. */
function newestFirst(a: Entry, b: Entry): number {
  const x = a.product
  const y = b.product
  if (x.createdAt !== y.createdAt) return x.createdAt < y.createdAt ? 1 : -1
  return y.id - x.id
}

/** Where `entry` goes in `sorted` (newest first), by halving. */
function insertionPoint(sorted: Entry[], entry: Entry): number {
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
async function serialise(ordered: Entry[]): Promise<PreparedBody> {
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

function entryOf(view: Product, version: string): Entry {
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

/**
 * Most units sold first; equal sales keep the catalogue's order (newest first). Only products
 * that sold: a store with no sale yet has no best sellers (the home hides the section).
 */
function rankBestsellers(list: Product[], sold: Map<number, number>): Product[] {
  const selling = list.filter((p) => (sold.get(p.id) ?? 0) > 0)
  // Array.prototype.sort is stable: equal sales stay newest first.
  selling.sort((a, b) => sold.get(b.id)! - sold.get(a.id)!)
  return selling.slice(0, BESTSELLERS_LIMIT)
}

/** The store's categories in their own order, then any unknown slug, each with its count. */
function categoriesOf(counts: Map<string, number>): CatalogCategories {
  const known = CATEGORIES.filter((c) => counts.has(c.slug)).map((c) => c.slug as string)
  const unknown = [...counts.keys()].filter((slug) => !known.includes(slug)).sort()
  return [...known, ...unknown].map((slug) => ({ ...categoryOf(slug), count: counts.get(slug)! }))
}
