import type { CatalogQuery } from '../../../contracts/catalog.js'
import type { RatingSummary } from '../../../contracts/reviews.js'
import {
  FACETS,
  hasFilters,
  passesAll,
  type CatalogFacets,
  type CatalogFilters,
} from '../../../contracts/catalog-filters.js'
import { facetsOf } from './catalog-facets.js'
import type { CardEntry, CatalogView } from './catalog-snapshot.js'

// The cards a search and its filters find, with the facets' counts, remembered per catalogue
// version: the pages of one search, and the terms many buyers type, are searched once.

/** Searches remembered per catalogue version (see `matching`). */
const SEARCH_CACHE = 64

/** A card with its stars, when it has approved reviews (the card itself is never changed). */
export function withRating<T extends { id: number }>(
  card: T,
  ratings: Map<number, RatingSummary>,
): T & { rating?: RatingSummary } {
  const rating = ratings.get(card.id)
  return rating ? { ...card, rating } : card
}

/** A page asked for: words and page always, the category and filters when set. */
export type CatalogRequest = Pick<CatalogQuery, 'q' | 'page'> & Partial<CatalogQuery>

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

/** The searches of one catalogue service, cached per catalogue version (a new version, a new cache). */
export function catalogSearches() {
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

  return { matching, filteredOf }
}
