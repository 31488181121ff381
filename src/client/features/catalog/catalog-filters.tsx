import { Suspense, useState } from 'react'
import { Link } from 'wouter'
import type { CatalogFacets } from '../../../contracts/catalog-filters'
import { FACET_OPTIONS, FACETS, type Facet } from '../../../contracts/catalog-filter-rules'
import { catalogAddress, type CatalogSearch } from '../../../contracts/catalog-search'
import { cn } from '../../lib/cn'
import { preloadable } from '../../lib/preloadable'
import { chip, without } from './filter-parts'

const FilterSheet = preloadable(() => import('./filter-sheet'))

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
  // The sheet's code (and the dialog library under it) comes with the first tap, or as the
  // finger or the focus reaches the button: the home page's first load is without it. Kept
  // mounted once opened, so closing plays its animation.
  const [mounted, setMounted] = useState(false)
  const count = activeFilters(search).length
  return (
    <>
      <button
        type="button"
        onPointerDown={() => void FilterSheet.preload()}
        onFocus={() => void FilterSheet.preload()}
        onClick={() => {
          setMounted(true)
          setOpen(true)
        }}
        className={cn(chip, 'border-purple-200 bg-white text-purple-800')}
        data-testid="filter-button"
      >
        Filtrar{count ? ` (${count})` : ''}
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <FilterSheet
            open={open}
            onOpenChange={setOpen}
            search={search}
            facets={facets}
            count={count}
          />
        </Suspense>
      ) : null}
    </>
  )
}
