import { categoryOf } from './categories.js'

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
}

/** Everything a term is looked for in, folded once (the server keeps it per product). */
export function searchableText(item: Searchable): string {
  const category = categoryOf(item.category)
  // A newline between fields: a term never matches across two of them.
  return foldForSearch(
    [item.name, item.description ?? '', category.slug, category.label].join('\n'),
  )
}

/** The items whose text holds the term; an empty term keeps them all. */
export function searchItems<T extends Searchable>(items: T[], term: string): T[] {
  const needle = foldForSearch(term.trim())
  if (!needle) return items
  return items.filter((item) => searchableText(item).includes(needle))
}
