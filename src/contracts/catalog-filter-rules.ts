import {
  ANOS,
  COMPONENTES,
  TEMAS,
  TIPOS,
  type AnoId,
  type ComponenteId,
  type TemaId,
  type TipoId,
} from './school.js'

/**
 * The catalogue's filters, as the address and GET /api/catalog name them
 * (`/?ano=3&componente=MA&tipo=jogo&preco=ate-10&q=frações`): one value each, combined.
 *
 * The rules without zod (the home page reads them in its first load); catalog-filters.ts
 * builds the API's checks from them.
 */

/** Price bands, in centavos: 'grátis' and three bands a teacher's budget thinks in. */
export const PRECOS = [
  { id: 'gratis', label: 'Grátis', min: 0, max: 0 },
  { id: 'ate-10', label: 'Até R$ 10', min: 1, max: 1000 },
  { id: '10-a-30', label: 'R$ 10 a R$ 30', min: 1001, max: 3000 },
  { id: 'acima-de-30', label: 'Acima de R$ 30', min: 3001, max: Number.MAX_SAFE_INTEGER },
] as const
export type PrecoId = (typeof PRECOS)[number]['id']

export const FILTER_MESSAGES = {
  preco: 'Faixa de preço desconhecida',
  bncc: 'Código BNCC inválido: use letras e números, como EF03MA09 ou EF03MA',
} as const

export interface CatalogFilters {
  ano?: AnoId
  componente?: ComponenteId
  tipo?: TipoId
  tema?: TemaId
  preco?: PrecoId
  bncc?: string
}

/** The filters with facets, in the order the 'Filtrar' sheet lists them. */
export const FACETS = ['ano', 'componente', 'tipo', 'tema', 'preco'] as const
export type Facet = (typeof FACETS)[number]

/** Each facet's options, in their list's order, with the label the screens show. */
export const FACET_OPTIONS: Record<Facet, readonly { id: string; label: string }[]> = {
  ano: ANOS,
  componente: COMPONENTES,
  tipo: TIPOS,
  tema: TEMAS,
  preco: PRECOS,
}

/** What a card needs for the filters to be applied to it. */
export interface Filterable {
  priceCents: number
  bncc: string[]
  anos: string[]
  componentes: string[]
  tipo: string | null
  tema: string | null
}

/** Whether a card passes one filter. */
export function passes(card: Filterable, facet: Facet | 'bncc', value: string): boolean {
  switch (facet) {
    case 'ano':
      return card.anos.includes(value)
    case 'componente':
      return card.componentes.includes(value)
    case 'tipo':
      return card.tipo === value
    case 'tema':
      return card.tema === value
    case 'preco': {
      const band = PRECOS.find((p) => p.id === value)!
      return card.priceCents >= band.min && card.priceCents <= band.max
    }
    case 'bncc':
      return card.bncc.some((code) => code.startsWith(value))
  }
}

/** Whether a card passes every filter set, but `except` (a facet counts without its own). */
export function passesAll(card: Filterable, filters: CatalogFilters, except?: Facet): boolean {
  for (const key of [...FACETS, 'bncc'] as const) {
    const value = filters[key]
    if (value !== undefined && key !== except && !passes(card, key, value)) return false
  }
  return true
}

/** Whether any filter is set. */
export const hasFilters = (filters: CatalogFilters): boolean =>
  [...FACETS, 'bncc'].some((key) => filters[key as keyof CatalogFilters] !== undefined)

const BNCC_FILTER = /^[A-Za-z0-9]{1,20}$/

/**
 * A filter's value as an address or a query gives it: the value it means, or undefined for
 * none ('' or absent) and for one it does not know (`known: false`).
 */
export function readFilter(
  key: Facet | 'bncc',
  raw: string | null | undefined,
): { value: string | undefined; known: boolean } {
  const value = raw?.trim()
  if (!value) return { value: undefined, known: true }
  if (key === 'bncc') {
    return BNCC_FILTER.test(value)
      ? { value: value.toUpperCase(), known: true }
      : { value: undefined, known: false }
  }
  return FACET_OPTIONS[key].some((option) => option.id === value)
    ? { value, known: true }
    : { value: undefined, known: false }
}
