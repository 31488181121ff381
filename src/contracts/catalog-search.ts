import { categoryOf, findCategory, type CategorySlug } from './categories.js'
import { ANOS, COMPONENTES, TEMAS, TIPOS } from './school.js'

/** Longest search term taken; a teacher types a few words. */
export const CATALOG_QUERY_MAX = 100

/** What the home page's grid shows: its address (`/?q=…&categoria=…`) says it. */
export interface CatalogSearch {
  q: string
  category?: CategorySlug
}

/**
 * The search a home page address asks for (`q=…&categoria=…`); an unknown category is no
 * filter. The page reads its address with it, and the server draws that page's grid with it.
 */
export function catalogSearchOf(query: string): CatalogSearch {
  const params = new URLSearchParams(query)
  const q = (params.get('q') ?? '').trim().slice(0, CATALOG_QUERY_MAX)
  return { q, category: findCategory(params.get('categoria'))?.slug }
}

/** The home page's address for a search: `/?q=…&categoria=…`, shareable as it is. */
export function catalogAddress({ q, category }: CatalogSearch): string {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (category) params.set('categoria', category)
  const query = params.toString()
  return query ? `/?${query}` : '/'
}

/**
 * The store's one search rule, used by the server's catalogue (GET /api/catalog) and the admin's
 * product list: a case- and accent-insensitive substring of the name, the description or the
 * category (slug or label), so 'alfabetizacao' finds 'Alfabetização'.
 */
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

/** Everything a term is looked for in, folded once (the server keeps it per product). */
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

/** The items whose text holds the term; an empty term keeps them all. */
export function searchItems<T extends Searchable>(items: T[], term: string): T[] {
  const needle = foldForSearch(term.trim())
  if (!needle) return items
  return items.filter((item) => searchableText(item).includes(needle))
}
