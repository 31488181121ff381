import { categoryOf, findCategory, type CategorySlug } from './categories.js'
import { ANOS, COMPONENTES, TEMAS, TIPOS } from './school.js'
import { FACETS, hasFilters, readFilter, type CatalogFilters } from './catalog-filter-rules.js'

/** Longest search term taken; a teacher types a few words. */
export const CATALOG_QUERY_MAX = 100

/**
 * What the home page's grid shows: its address (`/?q=…&categoria=…&ano=3&componente=MA`) says
 * it, the filters as GET /api/catalog names them.
 */
export interface CatalogSearch extends CatalogFilters {
  q: string
  category?: CategorySlug
}

/** The filters in the order the address writes them. */
const FILTER_KEYS = [...FACETS, 'bncc'] as const

/**
 * The search a home page address asks for; an unknown category or filter value is no filter
 * (a link typed wrong still opens the store). The page reads its address with it, and the
 * server draws that page's grid with it.
 */
export function catalogSearchOf(query: string): CatalogSearch {
  const params = new URLSearchParams(query)
  const q = (params.get('q') ?? '').trim().slice(0, CATALOG_QUERY_MAX)
  const search: CatalogSearch = { q, category: findCategory(params.get('categoria'))?.slug }
  for (const key of FILTER_KEYS) {
    const { value } = readFilter(key, params.get(key))
    if (value !== undefined) Object.assign(search, { [key]: value })
  }
  return search
}

/** The home page's address for a search: `/?q=…&categoria=…&ano=…`, shareable as it is. */
export function catalogAddress(search: CatalogSearch): string {
  const params = new URLSearchParams()
  if (search.q) params.set('q', search.q)
  if (search.category) params.set('categoria', search.category)
  for (const key of FILTER_KEYS) {
    const value = search[key]
    if (value) params.set(key, value)
  }
  const query = params.toString()
  return query ? `/?${query}` : '/'
}

/** Whether the address narrows the catalogue at all (words, a category or a filter). */
export const isNarrowed = (search: CatalogSearch): boolean =>
  Boolean(search.q || search.category || hasFilters(search))

/** Text without accents and in lower case: 'Alfabetização' and 'alfabetizacao' compare equal. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

interface Searchable {
  name: string
  description?: string | null
  category: string
  bncc?: string[]
  anos?: string[]
  componentes?: string[]
  tipo?: string | null
  tema?: string | null
}

/** Labels of the ids a product holds, from one of school.ts's lists. */
const labelsOf = (list: readonly { id: string; label: string }[], ids: (string | null)[]) =>
  list.filter((item) => ids.includes(item.id)).map((item) => item.label)

/**
 * Everything the admin's product list looks a term in, folded: her own list, searched by a
 * substring of what she wrote. The storefront's search is the server's (decision 035).
 */
export function searchableText(item: Searchable): string {
  const category = categoryOf(item.category)
  // A newline between fields: a term never matches across two of them.
  return foldForSearch(
    [
      item.name,
      item.description ?? '',
      category.slug,
      category.label,
      ...(item.bncc ?? []),
      ...labelsOf(ANOS, item.anos ?? []),
      ...labelsOf(COMPONENTES, item.componentes ?? []),
      ...labelsOf(TIPOS, [item.tipo ?? null]),
      ...labelsOf(TEMAS, [item.tema ?? null]),
    ].join('\n'),
  )
}

/** The admin's products whose text holds the term; an empty term keeps them all. */
export function searchItems<T extends Searchable>(items: T[], term: string): T[] {
  const needle = foldForSearch(term.trim())
  if (!needle) return items
  return items.filter((item) => searchableText(item).includes(needle))
}
