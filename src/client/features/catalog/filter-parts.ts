import type { Facet } from '../../../contracts/catalog-filter-rules'
import { catalogAddress, type CatalogSearch } from '../../../contracts/catalog-search'

// What the filters' row and the 'Filtrar' sheet (its own chunk) both draw with.

export const FACET_TITLES: Record<Facet, string> = {
  ano: 'Ano escolar',
  componente: 'Componente curricular',
  tipo: 'Tipo de material',
  tema: 'Tema',
  preco: 'Preço',
}

export const chip =
  'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border-2 px-3 text-sm font-semibold whitespace-nowrap focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-purple-500'

/** The address without one filter. */
export const without = (search: CatalogSearch, key: Facet | 'bncc') =>
  catalogAddress({ ...search, [key]: undefined })
