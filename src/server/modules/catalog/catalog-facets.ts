import {
  FACET_OPTIONS,
  FACETS,
  PRECOS,
  passesAll,
  type CatalogFacets,
  type CatalogFilters,
  type Facet,
  type Filterable,
} from '../../../contracts/catalog-filters.js'

/** The values a card holds for a facet (a price band for the price). */
function valuesOf(card: Filterable, facet: Facet): readonly (string | null)[] {
  switch (facet) {
    case 'ano':
      return card.anos
    case 'componente':
      return card.componentes
    case 'tipo':
      return [card.tipo]
    case 'tema':
      return [card.tema]
    case 'preco':
      return [PRECOS.find((p) => card.priceCents >= p.min && card.priceCents <= p.max)?.id ?? null]
  }
}

/**
 * Each facet's options with the materials each would show, given the other filters (a facet
 * is counted without its own filter, so 'Matemática: 12' beside 'Ciências: 3' lets her switch).
 * Options that would show nothing are left out, but the one chosen, so it can be taken off.
 */
export function facetsOf(cards: Filterable[], filters: CatalogFilters): CatalogFacets {
  const counts = Object.fromEntries(FACETS.map((f) => [f, new Map<string, number>()])) as Record<
    Facet,
    Map<string, number>
  >
  for (const card of cards) {
    for (const facet of FACETS) {
      if (!passesAll(card, filters, facet)) continue
      const count = counts[facet]
      for (const value of valuesOf(card, facet)) {
        if (value !== null) count.set(value, (count.get(value) ?? 0) + 1)
      }
    }
  }
  return Object.fromEntries(
    FACETS.map((facet) => [
      facet,
      FACET_OPTIONS[facet]
        .filter((o) => counts[facet].has(o.id) || filters[facet] === o.id)
        .map((o) => ({ value: o.id, label: o.label, count: counts[facet].get(o.id) ?? 0 })),
    ]),
  ) as CatalogFacets
}
