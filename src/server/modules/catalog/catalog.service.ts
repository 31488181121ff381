import type { BestsellerList, CatalogPage, CatalogSuggestions } from '../../../contracts/catalog.js'
import type { RatingSummary } from '../../../contracts/reviews.js'
import { CATALOG_PAGE_SIZE, SUGGESTED } from '../../../contracts/catalog.js'
import { suggestionsOf } from './catalog-suggestions.js'
import type { Product } from '../../../contracts/products.js'
import { RELATED_LIMIT } from '../../../contracts/products.js'
import { AppError } from '../../errors.js'
import type { ChangeSignal } from '../../lib/change-signal.js'
import type { PreparedBody } from '../../lib/http.js'
import type { FileStorage } from '../../files/storage.js'
import { catalogChanges } from './catalog-changes.js'
import { catalogCodes } from './catalog-codes.js'
import { catalogImages } from './catalog-images.js'
import { catalogSearches, withRating, type CatalogRequest } from './catalog-searches.js'
import { createCatalogSnapshot, type CatalogSources, type CatalogView } from './catalog-snapshot.js'

export { SALES_RANKING_EVERY_MS } from './catalog-changes.js'
export { publicView, type CatalogSources } from './catalog-snapshot.js'

const notFound = () => new AppError('not_found', 'Produto não encontrado')

/**
 * The storefront's catalogue: products on sale, held in memory and rebuilt after writes. Its
 * parts: the snapshot (catalog-snapshot.ts), the writes heard (catalog-changes.ts), the
 * searches (catalog-searches.ts), the BNCC codes taught (catalog-codes.ts) and the pictures
 * (catalog-images.ts); here, the reads.
 */
export function createCatalogService(
  sources: CatalogSources,
  storage: FileStorage,
  signal: ChangeSignal,
) {
  const snapshot = createCatalogSnapshot(sources)
  const changes = catalogChanges(snapshot, signal)
  const { matching, filteredOf } = catalogSearches()
  const codes = catalogCodes(snapshot, filteredOf)

  /** A page of light cards: the search (catalog-index.ts), category and filters. */
  async function pageOf(query: CatalogRequest): Promise<CatalogPage> {
    const view = await snapshot.get()
    const { cards, facets } = filteredOf(view, query)
    const start = (query.page - 1) * CATALOG_PAGE_SIZE
    const { ratings } = view
    return {
      items: cards.slice(start, start + CATALOG_PAGE_SIZE).map((c) => withRating(c.card, ratings)),
      total: cards.length,
      page: query.page,
      pageSize: CATALOG_PAGE_SIZE,
      facets,
    }
  }

  /** The cards by product id, made once per catalogue version. */
  const cardsById = new WeakMap<CatalogView, Map<number, CatalogPage['items'][number]>>()

  return {
    ...changes,
    ...codes,

    /** A product's stars as the catalogue holds them (the product page and its JSON-LD). */
    async ratingOf(id: number): Promise<RatingSummary | null> {
      return (await snapshot.get()).ratings.get(id) ?? null
    },

    /** Reads the whole catalogue again, here only (writes made around the services: tests). */
    invalidate: () => snapshot.reloadAll(),

    page: pageOf,

    /** The catalogue's current version: answers prepared from it are kept until it changes. */
    async version(): Promise<string> {
      return (await snapshot.get()).version
    },

    async categories() {
      return (await snapshot.get()).categories
    },

    /** What the search box proposes for the words typed so far (catalog-suggestions.ts). */
    async suggestions(words: string): Promise<CatalogSuggestions> {
      const view = await snapshot.get()
      if (!words) return { products: [], skills: [], filters: [] }
      const all = filteredOf(view, { q: '', page: 1 })
      return suggestionsOf({
        words,
        // Only the first few are shown: a common word matches thousands of cards.
        found: matching(view, words, undefined)
          .slice(0, SUGGESTED.products)
          .map((c) => c.card),
        skills: sources.skillsMatching?.(words) ?? [],
        taught: await codes.materialsByCode(),
        counts: all.facets,
      })
    },

    /** What the home page's HTML carries: the first page and the categories, and their version. */
    async home() {
      const view = await snapshot.get()
      return {
        version: view.version,
        page: await pageOf({ q: '', page: 1 }),
        categories: view.categories,
      }
    },

    async listActive(): Promise<Product[]> {
      return (await snapshot.get()).list
    },

    async listActiveJson(): Promise<PreparedBody> {
      return (await snapshot.get()).listJson()
    },

    /** An active product; inactive, deleted and unknown ones are all simply "not found". */
    async getActive(id: number): Promise<Product> {
      const product = (await snapshot.get()).byId.get(id)
      if (!product) throw notFound()
      return product
    },

    /** The cards of those of `ids` on sale, in the order given, with their stars (favourites). */
    async cardsOf(ids: readonly number[]): Promise<CatalogPage['items']> {
      const view = await snapshot.get()
      let cards = cardsById.get(view)
      if (!cards) cardsById.set(view, (cards = new Map(view.cards.map((c) => [c.card.id, c.card]))))
      return ids.flatMap((id) => {
        const card = cards.get(id)
        return card ? [withRating(card, view.ratings)] : []
      })
    },

    /** Shown as the grid's cards are: with their stars. */
    async bestsellers(): Promise<BestsellerList> {
      const { bestsellers, ratings } = await snapshot.get()
      return bestsellers.map((p) => withRating(p, ratings))
    },

    /** Products sharing a category with the cart come first; the cart's own are never suggested. */
    async related(cartProductIds: number[]): Promise<Product[]> {
      const { list, byId } = await snapshot.get()
      const inCart = new Set(cartProductIds)
      const categories = new Set(
        cartProductIds.map((id) => byId.get(id)?.category).filter((c) => c !== undefined),
      )
      const candidates = list.filter((p) => !inCart.has(p.id))
      const sameCategory = candidates.filter((p) => categories.has(p.category))
      const others = candidates.filter((p) => !categories.has(p.category))
      return [...sameCategory, ...others].slice(0, RELATED_LIMIT)
    },

    ...catalogImages(snapshot, sources, storage),
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>
