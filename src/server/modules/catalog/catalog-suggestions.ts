import { SUGGESTED, type CatalogCard, type CatalogSuggestions } from '../../../contracts/catalog.js'
import type { BnccSkill } from '../../../contracts/bncc.js'
import type { CatalogFacets } from '../../../contracts/catalog-filters.js'
import { anyWord } from '../../lib/text-search.js'
import { vocabulary, type VocabularyFacet } from './catalog-vocabulary.js'

/**
 * The search box's proposals: the first materials the search finds, the skills of those words
 * that materials on sale teach (a page to open, never an empty one), and the filters the words
 * name that would show something, with how many.
 */
export function suggestionsOf(input: {
  words: string
  found: CatalogCard[]
  skills: BnccSkill[]
  /** Materials on sale per code (the codes some material teaches). */
  taught: ReadonlyMap<string, number>
  counts: CatalogFacets
}): CatalogSuggestions {
  // Any word may name a filter ('jogo' in 'jogo silabas'): each proposed on its own.
  const query = anyWord(input.words)
  const filters = query
    ? vocabulary()
        .search(query)
        .flatMap((result) => {
          const [facet, value] = (result.id as string).split(':') as [VocabularyFacet, string]
          // Categories are the chips above the grid, not the filters' sheet.
          if (facet === 'categoria') return []
          const option = input.counts[facet].find((o) => o.value === value)
          return option && option.count > 0 ? [{ facet, ...option }] : []
        })
    : []
  return {
    products: input.found.slice(0, SUGGESTED.products).map(({ id, name }) => ({ id, name })),
    skills: input.skills
      .filter((s) => input.taught.has(s.code))
      .slice(0, SUGGESTED.skills)
      .map(({ code, text }) => ({ code, text })),
    filters: filters.slice(0, SUGGESTED.filters),
  }
}
