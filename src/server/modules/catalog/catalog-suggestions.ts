import { SUGGESTED, type CatalogCard, type CatalogSuggestions } from '../../../contracts/catalog.js'
import type { BnccSkill } from '../../../contracts/bncc.js'
import { FACET_OPTIONS, type CatalogFacets } from '../../../contracts/catalog-filters.js'
import { createTextIndex, everyWord } from '../../lib/text-search.js'

type SuggestedFacet = CatalogSuggestions['filters'][number]['facet']
const SUGGESTED_FACETS: SuggestedFacet[] = ['ano', 'componente', 'tipo', 'tema']

/** The filters' options by their names ('jogo', '3º ano', 'datas comemorativas'), built once. */
let optionIndex: ReturnType<typeof createTextIndex<{ id: string; label: string }>> | undefined
function options() {
  if (!optionIndex) {
    optionIndex = createTextIndex(['label'])
    optionIndex.addAll(
      SUGGESTED_FACETS.flatMap((facet) =>
        FACET_OPTIONS[facet].map((o) => ({ id: `${facet}:${o.id}`, label: o.label })),
      ),
    )
  }
  return optionIndex
}

/**
 * The search box's proposals: the first materials the search finds, the skills of those words
 * that materials on sale teach (a page to open, never an empty one), and the filters the words
 * name that would show something, with how many.
 */
export function suggestionsOf(input: {
  words: string
  found: CatalogCard[]
  skills: BnccSkill[]
  taught: Set<string>
  counts: CatalogFacets
}): CatalogSuggestions {
  const query = everyWord(input.words)
  const filters = query
    ? options()
        .search(query)
        .flatMap((result) => {
          const [facet, value] = (result.id as string).split(':') as [SuggestedFacet, string]
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
