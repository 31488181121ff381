import type {
  BestsellerList,
  CatalogPage,
  CatalogQuery,
  CatalogSuggestions,
} from '../../../contracts/catalog.js'
import type { RatingSummary } from '../../../contracts/reviews.js'
import { CATALOG_PAGE_SIZE, SUGGESTED } from '../../../contracts/catalog.js'
import {
  FACETS,
  hasFilters,
  passesAll,
  type CatalogFacets,
  type CatalogFilters,
} from '../../../contracts/catalog-filters.js'
import { facetsOf } from './catalog-facets.js'
import { suggestionsOf } from './catalog-suggestions.js'
import type { ImageQuery, Product } from '../../../contracts/products.js'
import { RELATED_LIMIT } from '../../../contracts/products.js'
import { AppError } from '../../errors.js'
import type { ChangeSignal } from '../../lib/change-signal.js'
import type { PreparedBody } from '../../lib/http.js'
import type { FileStorage } from '../../files/storage.js'
import { makeShareImage, pickVariant, shareImageKey } from '../../files/images.js'
import { buffer as readAll } from 'node:stream/consumers'
import type { ImageRecord } from '../products/products.service.js'
import {
  createCatalogSnapshot,
  type CardEntry,
  type CatalogSources,
  type CatalogView,
} from './catalog-snapshot.js'

export { publicView, type CatalogSources } from './catalog-snapshot.js'

/** The topics the catalogue tells other instances about (lib/change-signal.ts). */
const TOPIC_PRODUCTS = 'catalog:products'
const TOPIC_SALES = 'catalog:sales'
/** Orders were paid (and none closed): the best sellers are ranked again within a second. */
const TOPIC_PAYMENTS = 'catalog:sales:payments'

/** Searches remembered per catalogue version (see `matching`). */
const SEARCH_CACHE = 64

/**
 * Payments here re-rank the best sellers at most once in this long (see `salesChanged`): each
 * ranking sums every paid order's lines, which at a hundred payments a second was most of a
 * payment's database time, and also makes every prepared answer again (a new version).
 */
export const SALES_RANKING_EVERY_MS = 1000

/** A card with its stars, when it has approved reviews (the card itself is never changed). */
function withRating<T extends { id: number }>(
  card: T,
  ratings: Map<number, RatingSummary>,
): T & { rating?: RatingSummary } {
  const rating = ratings.get(card.id)
  return rating ? { ...card, rating } : card
}

const notFound = () => new AppError('not_found', 'Produto não encontrado')

/** A page asked for: words and page always, the category and filters when set. */
type CatalogRequest = Pick<CatalogQuery, 'q' | 'page'> & Partial<CatalogQuery>

interface Filtered {
  cards: CardEntry[]
  facets: CatalogFacets
}

/** The filters a query sets (only those: the cache key must not change with absent ones). */
function filtersOf(query: CatalogRequest): CatalogFilters {
  const filters: CatalogFilters = {}
  for (const key of [...FACETS, 'bncc'] as const) {
    if (query[key] !== undefined) Object.assign(filters, { [key]: query[key] })
  }
  return filters
}

/** The storefront's catalogue: products on sale, held in memory and rebuilt after writes. */
export function createCatalogService(
  sources: CatalogSources,
  storage: FileStorage,
  signal: ChangeSignal,
) {
  const snapshot = createCatalogSnapshot(sources)
  const salesRanking = throttled(() => snapshot.changed({ sales: true }), SALES_RANKING_EVERY_MS)
  // The other instances are told of payments as often as they rank again: at most once a
  // second, not once per payment (a NOTIFY each, and a ranking on every instance).
  const tellPayments = throttled(() => signal.publish(TOPIC_PAYMENTS), SALES_RANKING_EVERY_MS)
  // Another instance wrote: refresh as if it had been here. After the signal's connection came
  // back, everything is compared again (what was said meanwhile is lost).
  signal.subscribe(
    (topic) => {
      if (topic === TOPIC_PRODUCTS) snapshot.changed({ products: true })
      if (topic.startsWith(`${TOPIC_PRODUCTS}:`)) {
        const ids = topic
          .slice(TOPIC_PRODUCTS.length + 1)
          .split(',')
          .map(Number)
        if (ids.every((id) => Number.isInteger(id) && id > 0))
          snapshot.changed({ products: true, ids })
        else snapshot.changed({ products: true })
      }
      if (topic === TOPIC_SALES) snapshot.changed({ sales: true })
      if (topic === TOPIC_PAYMENTS) salesRanking()
    },
    () => snapshot.changed({ everything: true, sales: true }),
  )

  async function imageRecord(productId: number, position: number): Promise<ImageRecord> {
    const fromSnapshot = (await snapshot.get()).images.get(productId)
    let image = fromSnapshot?.find((i) => i.position === position)
    // Inactive products keep their images for the admin screens and past buyers.
    if (!image && !fromSnapshot)
      image = (await sources.products.image(productId, position)) ?? undefined
    if (!image) throw new AppError('not_found', 'Imagem não encontrada')
    return image
  }

  /**
   * The cards matching a search, per catalogue version: paging through results (the next page
   * as the buyer scrolls) and the terms many buyers type are searched once, not at every
   * request. A new version starts an empty cache; at most SEARCH_CACHE entries each. Without
   * words the catalogue's order (newest first); with words, best match first.
   */
  const searches = new WeakMap<CatalogView, Map<string, CardEntry[]>>()
  function matching(view: CatalogView, words: string, category: string | undefined) {
    if (!words && !category) return view.cards
    let cache = searches.get(view)
    if (!cache) searches.set(view, (cache = new Map()))
    const key = `${category ?? ''}\n${words}`
    let found = cache.get(key)
    if (!found) {
      const searched = words ? view.search(words) : view.cards
      found = category ? searched.filter((c) => c.card.category === category) : searched
      if (cache.size >= SEARCH_CACHE) cache.delete(cache.keys().next().value!)
      cache.set(key, found)
    }
    return found
  }

  /**
   * The cards of a search with its filters, and the facets' counts: per catalogue version and
   * distinct query, as `matching` (the pages of one search share them).
   */
  const filtered = new WeakMap<CatalogView, Map<string, Filtered>>()
  function filteredOf(view: CatalogView, query: CatalogRequest): Filtered {
    const searched = matching(view, query.q.trim(), query.category)
    const filters = filtersOf(query)
    let cache = filtered.get(view)
    if (!cache) filtered.set(view, (cache = new Map()))
    const key = JSON.stringify([query.q, query.category, filters])
    let found = cache.get(key)
    if (!found) {
      found = {
        cards: hasFilters(filters)
          ? searched.filter((c) => passesAll(c.filterable, filters))
          : searched,
        facets: facetsOf(
          searched.map((c) => c.filterable),
          filters,
        ),
      }
      if (cache.size >= SEARCH_CACHE) cache.delete(cache.keys().next().value!)
      cache.set(key, found)
    }
    return found
  }

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

  /** Materials on sale per code they teach, counted once per catalogue version. */
  const perCode = new WeakMap<CatalogView, Map<string, number>>()
  async function materialsByCode(): Promise<ReadonlyMap<string, number>> {
    const view = await snapshot.get()
    let counts = perCode.get(view)
    if (!counts) {
      counts = new Map()
      for (const product of view.list) {
        for (const code of new Set(product.bncc)) counts.set(code, (counts.get(code) ?? 0) + 1)
      }
      perCode.set(view, counts)
    }
    return counts
  }

  /** The codes some material on sale teaches, sorted (the sitemap lists their pages). */
  async function taughtCodes(): Promise<string[]> {
    return [...(await materialsByCode()).keys()].sort()
  }

  // Covers stored before share pictures existed get theirs at the first request, made once.
  const makingShare = new Map<string, Promise<unknown>>()
  async function ensureShareImage(image: ImageRecord): Promise<string> {
    const key = shareImageKey(image.hash)
    if ((await storage.size(key)) !== null) return key
    let job = makingShare.get(image.hash)
    if (!job) {
      const source = image.variants.full ?? image.variants.card
      if (!source) throw new AppError('not_found', 'Imagem não encontrada')
      job = readAll(storage.read(source))
        .then((bytes) => makeShareImage(bytes))
        .then((jpeg) => storage.put(key, jpeg))
        .finally(() => makingShare.delete(image.hash))
      makingShare.set(image.hash, job)
    }
    await job
    return key
  }

  return {
    /**
     * Products were written here (`ids` when the writer knows which): refreshed now, and the
     * other instances are told which.
     */
    productsChanged(ids?: number[]) {
      snapshot.changed({ products: true, ids })
      signal.publish(ids?.length ? `${TOPIC_PRODUCTS}:${ids.join(',')}` : TOPIC_PRODUCTS)
    },

    /**
     * An order was paid or closed here: best sellers are ranked again, here and elsewhere.
     * After payments only, at once after a quiet second, else once at the end of that second
     * for all the payments in it; anything else (a refund hides a review's stars) at once.
     */
    salesChanged(change: { onlyPayments?: boolean } = {}) {
      if (change.onlyPayments) {
        salesRanking()
        tellPayments()
      } else {
        snapshot.changed({ sales: true })
        signal.publish(TOPIC_SALES)
      }
    },

    /** A review was moderated here: the stars are read again, here and elsewhere. */
    reviewsChanged() {
      snapshot.changed({ sales: true })
      signal.publish(TOPIC_SALES)
    },

    /** A product's stars as the catalogue holds them (the product page and its JSON-LD). */
    async ratingOf(id: number): Promise<RatingSummary | null> {
      return (await snapshot.get()).ratings.get(id) ?? null
    },

    /** Settles once changes made by other instances are heard. */
    signalReady: () => signal.ready,

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

    taughtCodes,

    /** How many materials on sale teach each code some material teaches (the BNCC's index). */
    materialsByCode,

    /** The cards on sale that teach a code (its page), newest first, with their stars. */
    async teaching(code: string): Promise<CatalogPage['items']> {
      const view = await snapshot.get()
      return filteredOf(view, { q: '', page: 1, bncc: code }).cards.map((c) =>
        withRating(c.card, view.ratings),
      )
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
        taught: await materialsByCode(),
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

    /** Which stored variant answers an image request, and its cache validator. */
    async image(
      productId: number,
      position: number,
      size: ImageQuery['size'],
      fallback: 'card' | 'full',
    ) {
      const image = await imageRecord(productId, position)
      const variant = pickVariant(size, fallback)
      const key = image.variants[variant] ?? image.variants.full
      if (!key) throw new AppError('not_found', 'Imagem não encontrada')
      const length = await storage.size(key)
      if (length === null) throw new AppError('not_found', 'Imagem não encontrada')
      return {
        etag: `"${image.hash}-${variant}"`,
        hash: image.hash,
        length,
        open: () => storage.read(key),
      }
    },

    /** The cover as a 1200×630 JPEG for link previews (made now if the cover predates them). */
    async shareImage(productId: number) {
      const image = await imageRecord(productId, 0)
      const key = await ensureShareImage(image)
      const length = await storage.size(key)
      if (length === null) throw new AppError('not_found', 'Imagem não encontrada')
      return {
        etag: `"${image.hash}-share"`,
        hash: image.hash,
        length,
        open: () => storage.read(key),
      }
    },
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>

/**
 * `run` now if it last ran more than `everyMs` ago, else once when that time is up, however
 * many calls came meanwhile. The wait never keeps the process alive.
 */
function throttled(run: () => void, everyMs: number): () => void {
  let lastRun = -Infinity
  let pending: NodeJS.Timeout | null = null
  const fire = () => {
    pending = null
    lastRun = Date.now()
    run()
  }
  return () => {
    if (pending) return
    const wait = lastRun + everyMs - Date.now()
    if (wait <= 0) return fire()
    pending = setTimeout(fire, wait)
    pending.unref()
  }
}
