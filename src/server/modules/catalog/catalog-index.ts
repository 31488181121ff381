import type { Query } from 'minisearch'
import type { Product } from '../../../contracts/products.js'
import { createTextIndex, queriesPerWord } from '../../lib/text-search.js'
import { vocabulary, vocabularyOf } from './catalog-vocabulary.js'

/** What a product's own text is searched by (the boosts below weigh them). */
export interface SearchDoc {
  id: number
  name: string
  description: string
}

/**
 * How much a word found where weighs, on the engine's scores: the name before who-it-is-for
 * (years, component, kind, theme, category), before the skills' texts and the description.
 */
export const BOOST = { name: 4, description: 1 }
const VOCABULARY_WEIGHT = 2
const SKILL_WEIGHT = 1
/** Best sellers rise within a like score: log-scaled, a thousand sales weigh about a third more. */
const salesBoost = (sold: number) => 1 + Math.log1p(sold) / 20

export const searchDocOf = (product: Product): SearchDoc => ({
  id: product.id,
  name: product.name,
  description: product.description ?? '',
})

/** The products holding each key ('ano:3', 'bncc:EF03MA09'): who a word's matches lead to. */
function createMembership() {
  const members = new Map<string, Set<number>>()
  const keysOf = new Map<number, string[]>()
  return {
    set(id: number, keys: string[]) {
      this.remove(id)
      keysOf.set(id, keys)
      for (const key of keys) {
        let set = members.get(key)
        if (!set) members.set(key, (set = new Set()))
        set.add(id)
      }
    },
    remove(id: number) {
      for (const key of keysOf.get(id) ?? []) members.get(key)?.delete(id)
      keysOf.delete(id)
    },
    clear() {
      members.clear()
      keysOf.clear()
    },
    of: (key: string): ReadonlySet<number> => members.get(key) ?? new Set(),
  }
}

/** A product's best score for a word, from several places: the best of each place, summed. */
function raise(scores: Map<number, number>, place: Map<number, number>) {
  for (const [id, score] of place) scores.set(id, (scores.get(id) ?? 0) + score)
}
function best(place: Map<number, number>, ids: ReadonlySet<number>, score: number) {
  for (const id of ids) if ((place.get(id) ?? 0) < score) place.set(id, score)
}

/**
 * The catalogue's search (decision 035). Three MiniSearch indexes answer each word: the
 * products' names and descriptions (this one, kept in step with the snapshot's entries, one
 * product put or removed at a time), the store's vocabulary (catalog-vocabulary.ts) and the
 * BNCC's codes and texts (`skillScores`); a vocabulary word or a skill leads to the products
 * holding it. Every word must be found somewhere; the scores are summed, best first. Skill
 * texts and labels are indexed once, not once per product that holds them: at ten thousand
 * products that is most of the memory a single index took.
 */
export function createCatalogIndex(skillScores: (query: Query) => Map<string, number>) {
  const index = createTextIndex<SearchDoc>(['name', 'description'], ['name'])
  const membership = createMembership()

  /** The products one word finds, with their score for it. */
  function found(query: Query): Map<number, number> {
    const scores = new Map<number, number>()
    const own = new Map<number, number>()
    for (const r of index.search(query, { boost: BOOST })) own.set(r.id as number, r.score)
    raise(scores, own)
    const byLabel = new Map<number, number>()
    for (const r of vocabulary().search(query))
      best(byLabel, membership.of(r.id as string), r.score * VOCABULARY_WEIGHT)
    raise(scores, byLabel)
    const bySkill = new Map<number, number>()
    for (const [code, score] of skillScores(query))
      best(bySkill, membership.of(`bncc:${code}`), score * SKILL_WEIGHT)
    raise(scores, bySkill)
    return scores
  }

  return {
    put(product: Product) {
      const doc = searchDocOf(product)
      if (index.has(product.id)) index.replace(doc)
      else index.add(doc)
      membership.set(product.id, [
        ...vocabularyOf(product),
        ...product.bncc.map((code) => `bncc:${code}`),
      ])
    },
    remove(id: number) {
      if (index.has(id)) index.discard(id)
      membership.remove(id)
    },
    clear() {
      index.removeAll()
      membership.clear()
    },
    /** The ids matching every word, best first; `sold` by product id ranks like matches. */
    search(words: string, sold: Map<number, number>): number[] {
      let total: Map<number, number> | null = null
      for (const query of queriesPerWord(words)) {
        const scores = found(query)
        if (total) {
          for (const [id, score] of total) {
            const more = scores.get(id)
            if (more === undefined) total.delete(id)
            else total.set(id, score + more)
          }
        } else total = scores
        if (!total.size) return []
      }
      if (!total) return []
      return [...total]
        .map(([id, score]) => [id, score * salesBoost(sold.get(id) ?? 0)] as const)
        .sort((a, b) => b[1] - a[1])
        .map(([id]) => id)
    },
  }
}

export type CatalogIndex = ReturnType<typeof createCatalogIndex>
