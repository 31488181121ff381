import { useState } from 'react'
import { Link } from 'wouter'
import type { CatalogFacets } from '../../../contracts/catalog-filters'
import { FACET_OPTIONS, FACETS, type Facet } from '../../../contracts/catalog-filters'
import { catalogAddress, type CatalogSearch } from '../../../contracts/catalog-search'
import { cn } from '../../lib/cn'
import { Sheet } from '../../ui/sheet'

const FACET_TITLES: Record<Facet, string> = {
  ano: 'Ano escolar',
  componente: 'Componente curricular',
  tipo: 'Tipo de material',
  tema: 'Tema',
  preco: 'Preço',
}

const chip =
  'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border-2 px-3 text-sm font-semibold whitespace-nowrap focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-purple-500'

/** The filters set in an address, each with its label (the active chips, the empty state). */
export function activeFilters(search: CatalogSearch) {
  const active: { key: Facet | 'bncc'; label: string }[] = []
  for (const facet of FACETS) {
    const value = search[facet]
    if (!value) continue
    const label = FACET_OPTIONS[facet].find((o) => o.id === value)?.label ?? value
    active.push({ key: facet, label })
  }
  if (search.bncc) active.push({ key: 'bncc', label: `BNCC ${search.bncc}` })
  return active
}

/** The address without one filter. */
const without = (search: CatalogSearch, key: Facet | 'bncc') =>
  catalogAddress({ ...search, [key]: undefined })

/**
 * The filters that emptied the list: those whose facet still counts materials for another of
 * its options, given the rest (so taking it off shows something). A BNCC code has no facet.
 */
export function DropToSee({ search, facets }: { search: CatalogSearch; facets: CatalogFacets }) {
  const emptying = activeFilters(search).filter(
    ({ key }) => key !== 'bncc' && facets[key].some((option) => option.count > 0),
  )
  if (!emptying.length) return null
  return (
    <ul className="mt-4 flex flex-wrap justify-center gap-2" data-testid="drop-to-see">
      {emptying.map(({ key, label }) => (
        <li key={key}>
          <Link
            href={without(search, key)}
            className={cn(chip, 'border-purple-700 bg-white text-purple-800')}
          >
            {`Ver sem “${label}”`}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** The filters on: a chip each, tapped to take it off, and 'Limpar filtros'. */
export function ActiveFilters({ search }: { search: CatalogSearch }) {
  const active = activeFilters(search)
  if (!active.length) return null
  return (
    <ul
      className="mb-3 flex flex-wrap gap-2"
      aria-label="Filtros ativos"
      data-testid="active-filters"
    >
      {active.map(({ key, label }) => (
        <li key={key}>
          <Link
            href={without(search, key)}
            className={cn(chip, 'border-purple-700 bg-purple-700 text-white')}
            aria-label={`Tirar o filtro ${label}`}
          >
            {label} <span aria-hidden="true">×</span>
          </Link>
        </li>
      ))}
      <li>
        <Link
          href={catalogAddress({ q: search.q, category: search.category })}
          className={cn(chip, 'border-purple-100 bg-white text-purple-800')}
        >
          Limpar filtros
        </Link>
      </li>
    </ul>
  )
}

/**
 * 'Filtrar': a sheet with every filter's options and how many materials each would show given
 * the others (the server counts them). Each option is an address of its own, so a filtered
 * page can be shared and is drawn by the server.
 */
export function FilterButton({ search, facets }: { search: CatalogSearch; facets: CatalogFacets }) {
  const [open, setOpen] = useState(false)
  const count = activeFilters(search).length
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={cn(chip, 'border-purple-200 bg-white text-purple-800')}
        data-testid="filter-button"
      >
        Filtrar{count ? ` (${count})` : ''}
      </button>
      <Sheet open={open} onOpenChange={setOpen} title="Filtrar materiais">
        <div className="space-y-5" data-testid="filter-sheet">
          {FACETS.map((facet) =>
            facets[facet].length ? (
              <section key={facet} aria-labelledby={`filtro-${facet}`}>
                <h3 id={`filtro-${facet}`} className="mb-2 text-sm font-bold text-gray-900">
                  {FACET_TITLES[facet]}
                </h3>
                <ul className="flex flex-wrap gap-2">
                  {facets[facet].map((option) => {
                    const on = search[facet] === option.value
                    return (
                      <li key={option.value}>
                        <Link
                          href={
                            on
                              ? without(search, facet)
                              : catalogAddress({ ...search, [facet]: option.value })
                          }
                          onClick={() => setOpen(false)}
                          aria-current={on ? 'true' : undefined}
                          className={cn(
                            chip,
                            on
                              ? 'border-purple-700 bg-purple-700 text-white'
                              : 'border-purple-100 bg-white text-purple-800',
                          )}
                        >
                          {option.label}
                          <span className="sr-only">,</span>
                          <span className="text-xs opacity-75">{option.count}</span>
                        </Link>
                      </li>
                    )
                  })}
                </ul>
              </section>
            ) : null,
          )}
          {count ? (
            <Link
              href={catalogAddress({ q: search.q, category: search.category })}
              onClick={() => setOpen(false)}
              className="inline-block font-semibold text-purple-700 underline"
            >
              Limpar filtros
            </Link>
          ) : null}
        </div>
      </Sheet>
    </>
  )
}
