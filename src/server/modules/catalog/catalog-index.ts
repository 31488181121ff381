import { categoryOf } from '../../../contracts/categories.js'
import type { Product } from '../../../contracts/products.js'
import { ANOS, COMPONENTES, TEMAS, TIPOS } from '../../../contracts/school.js'
import { createTextIndex, everyWord } from '../../lib/text-search.js'

/** What a product is searched by, field by field (the boosts below weigh them). */
export interface SearchDoc {
  id: number
  name: string
  /** Who it is for: years, components, kind, theme and category, as the store names them. */
  tags: string
  /** Its BNCC codes and their official texts. */
  skills: string
  description: string
}

/**
 * Name before who-it-is-for, before skills and description. Best sellers rise within a like
 * score: log-scaled, so a thousand sales weigh about a third more, never above a better match.
 */
export const BOOST = { name: 4, tags: 2, skills: 1, description: 1 }
const salesBoost = (sold: number) => 1 + Math.log1p(sold) / 20

const labelsOf = (list: readonly { id: string; label: string }[], ids: (string | null)[]) =>
  list.filter((item) => ids.includes(item.id)).map((item) => item.label)

/** A product's searched fields: its name, who it is for, its skills' codes and texts. */
export function searchDocOf(
  product: Product,
  skillText: (code: string) => string | undefined,
): SearchDoc {
  const category = categoryOf(product.category)
  return {
    id: product.id,
    name: product.name,
    tags: [
      ...labelsOf(ANOS, product.anos),
      ...labelsOf(COMPONENTES, product.componentes),
      ...labelsOf(TIPOS, [product.tipo]),
      ...labelsOf(TEMAS, [product.tema]),
      category.label,
    ].join('\n'),
    skills: product.bncc.map((code) => `${code}\n${skillText(code) ?? ''}`).join('\n'),
    description: product.description ?? '',
  }
}

/**
 * The catalogue's search index (decision 035): kept in step with the snapshot's entries (one
 * product put or removed at a time, not rebuilt at every write), searched per request.
 */
export function createCatalogIndex(skillText: (code: string) => string | undefined) {
  const index = createTextIndex<SearchDoc>(
    ['name', 'tags', 'skills', 'description'],
    ['name', 'tags'],
  )

  return {
    put(product: Product) {
      const doc = searchDocOf(product, skillText)
      if (index.has(product.id)) index.replace(doc)
      else index.add(doc)
    },
    remove(id: number) {
      if (index.has(id)) index.discard(id)
    },
    clear() {
      index.removeAll()
    },
    /** The ids matching every word, best first; `sold` by product id ranks like matches. */
    search(words: string, sold: Map<number, number>): number[] {
      const query = everyWord(words)
      if (!query) return []
      return index
        .search(query, {
          boost: BOOST,
          boostDocument: (id: number) => salesBoost(sold.get(id) ?? 0),
        })
        .map((result) => result.id as number)
    },
  }
}

export type CatalogIndex = ReturnType<typeof createCatalogIndex>
