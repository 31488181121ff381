import type { CatalogCategories } from '../../../contracts/catalog.js'
import { CATEGORIES, categoryOf } from '../../../contracts/categories.js'
import type { Product } from '../../../contracts/products.js'
import { BESTSELLERS_LIMIT } from '../../../contracts/products.js'
import type { PreparedBody } from '../../lib/http.js'
import type { ImageRecord } from '../products/products.service.js'
import type { RatingSummary } from '../../../contracts/reviews.js'
import { serialise, type CardEntry } from './catalog-entries.js'
import type { HeldProducts } from './catalog-held.js'

// What a refresh of the catalogue answers from, built from the products held, and the lists
// it derives from them in order (best sellers, categories).

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

/**
 * Most units sold first; equal sales keep the catalogue's order (newest first). Only products
 * that sold: a store with no sale yet has no best sellers (the home hides the section).
 */
export function rankBestsellers(list: Product[], sold: Map<number, number>): Product[] {
  const selling = list.filter((p) => (sold.get(p.id) ?? 0) > 0)
  // Array.prototype.sort is stable: equal sales stay newest first.
  selling.sort((a, b) => sold.get(b.id)! - sold.get(a.id)!)
  return selling.slice(0, BESTSELLERS_LIMIT)
}

/** The store's categories in their own order, then any unknown slug, each with its count. */
export function categoriesOf(counts: Map<string, number>): CatalogCategories {
  const known = CATEGORIES.filter((c) => counts.has(c.slug)).map((c) => c.slug as string)
  const unknown = [...counts.keys()].filter((slug) => !known.includes(slug)).sort()
  return [...known, ...unknown].map((slug) => ({ ...categoryOf(slug), count: counts.get(slug)! }))
}

/**
 * The answers, from the entries. Few allocations that live on (two arrays of references):
 * at ten thousand products, structures rebuilt at every write are what makes the garbage
 * collector pause the process. Product and image look-ups read the live maps.
 */
export async function buildView(
  held: HeldProducts,
  sold: Map<number, number>,
  ratings: Map<number, RatingSummary>,
  version: string,
): Promise<CatalogView> {
  const { entries, index, images, byId } = held
  const order = held.ordered
  const ranking = sold
  const list = order.map((e) => e.product)
  const counts = new Map<string, number>()
  for (const p of list) counts.set(p.category, (counts.get(p.category) ?? 0) + 1)
  let listJson: Promise<PreparedBody> | undefined
  return {
    version,
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
