import { CATEGORIES } from '../../../contracts/categories.js'
import { ANOS, COMPONENTES, TEMAS, TIPOS } from '../../../contracts/school.js'
import { createTextIndex } from '../../lib/text-search.js'

/**
 * The store's own words for what a material is for: every year, component, kind, theme and
 * category by its label, as `facet:id` ('ano:4', 'tipo:jogo', 'categoria:matematica'). The
 * catalogue's search finds a product by them through what it holds (catalog-index.ts), and the
 * search box proposes them as filters (catalog-suggestions.ts).
 */
export type VocabularyFacet = 'ano' | 'componente' | 'tipo' | 'tema' | 'categoria'

const LISTS: [VocabularyFacet, readonly { label: string }[], (item: never) => string][] = [
  ['ano', ANOS, (a: { id: string }) => a.id],
  ['componente', COMPONENTES, (c: { id: string }) => c.id],
  ['tipo', TIPOS, (t: { id: string }) => t.id],
  ['tema', TEMAS, (t: { id: string }) => t.id],
  ['categoria', CATEGORIES, (c: { slug: string }) => c.slug],
]

let index: ReturnType<typeof createTextIndex<{ id: string; label: string }>> | undefined

/** The vocabulary's index, built once (a few dozen labels), every word kept as written too. */
export function vocabulary() {
  if (!index) {
    index = createTextIndex(['label'])
    index.addAll(
      LISTS.flatMap(([facet, list, idOf]) =>
        list.map((item) => ({ id: `${facet}:${idOf(item as never)}`, label: item.label })),
      ),
    )
  }
  return index
}

/** A product's words of the vocabulary, as the index names them. */
export function vocabularyOf(product: {
  anos: readonly string[]
  componentes: readonly string[]
  tipo: string | null
  tema: string | null
  category: string
}): string[] {
  return [
    ...product.anos.map((id) => `ano:${id}`),
    ...product.componentes.map((id) => `componente:${id}`),
    ...(product.tipo ? [`tipo:${product.tipo}`] : []),
    ...(product.tema ? [`tema:${product.tema}`] : []),
    `categoria:${product.category}`,
  ]
}
