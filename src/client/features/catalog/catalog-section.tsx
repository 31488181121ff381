import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { categoryOf } from '../../../contracts/categories'
import { Button } from '../../ui/button'
import { Loading } from '../../ui/query-state'
import { catalogAddress, isNarrowed } from '../../../contracts/catalog-search'
import { activeFilters, ActiveFilters, DropToSee, FilterButton } from './catalog-filters'
import type { CatalogFacets } from '../../../contracts/catalog-filters'
import { catalogPageQuery, type CatalogSearch } from './catalog.api'
import { CategoryChips } from './category-chips'
import { ProductCard } from './product-card'

/** How far below the screen the next page starts loading: it is there before the thumb is. */
const AHEAD = '800px 0px'
/**
 * A search's first cards are above the fold: loaded now, not lazily (SPEC.md section 9). Without
 * a search the banner fills a phone's first screen, and the cards' pictures wait their turn
 * instead of competing with the page's own first paint.
 */
const PRIORITY_CARDS = 4

/**
 * The store's materials as the address asks (search, category), a page of cards at a time:
 * the server searches and counts (decision 021), and the next page loads as the buyer nears the
 * end, so a shop with thousands of materials draws a few dozen cards, not all of them.
 */
export function CatalogSection({
  search,
  onClear,
  empty,
}: {
  search: CatalogSearch
  onClear: () => void
  /** What a store with nothing on sale shows instead of its grid (the home page's own words). */
  empty?: ReactNode
}) {
  const [pages, setPages] = useState(1)
  // A new search starts again at page one (its first page replaces the last results when in).
  const searchKey = catalogAddress(search)
  const [pagesFor, setPagesFor] = useState(searchKey)
  if (pagesFor !== searchKey) {
    setPagesFor(searchKey)
    setPages(1)
  }
  const first = useQuery(catalogPageQuery(search, 1))
  const last = useQuery(catalogPageQuery(search, pages))
  const total = first.data?.total ?? 0
  const pageSize = first.data?.pageSize ?? 1
  const hasMore = first.data !== undefined && pages * pageSize < total
  const lastReady = last.data !== undefined && !last.isPlaceholderData
  const next = useCallback(() => setPages((n) => n + 1), [])
  const searching = isNarrowed(search)
  const emptyStore = first.data !== undefined && total === 0 && !searching && empty !== undefined
  const title = search.q
    ? `Resultados para “${search.q}”`
    : search.category
      ? categoryOf(search.category).label
      : searching
        ? 'Materiais filtrados'
        : 'Nossos materiais'

  return (
    <section
      id="produtos"
      aria-labelledby="produtos-titulo"
      className="mx-auto max-w-6xl scroll-mt-28 px-4 pt-8"
    >
      <div className="mb-4">
        <h2 id="produtos-titulo" className="text-2xl font-extrabold text-purple-900">
          {title}
        </h2>
        {first.data && !emptyStore && (
          <p className="mt-1 text-gray-600" aria-live="polite" data-testid="results-count">
            {materialsCount(total, searching ? 'found' : 'ready')}
          </p>
        )}
      </div>
      {!emptyStore && <CategoryChips search={search} />}
      {!emptyStore && first.data ? (
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <FilterButton search={search} facets={first.data.facets} />
        </div>
      ) : null}
      <ActiveFilters search={search} />
      {first.isPending ? (
        <Loading label="Carregando materiais..." className="py-16" />
      ) : first.isError ? (
        <div className="rounded-2xl bg-red-50 p-6 text-center text-red-900">
          <p className="font-semibold">Não foi possível carregar os materiais.</p>
          <Button variant="secondary" className="mt-4" onClick={() => void first.refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : emptyStore ? (
        empty
      ) : total === 0 ? (
        <EmptyState
          search={search}
          facets={first.data.facets}
          searching={searching}
          onClear={onClear}
        />
      ) : (
        <>
          <ul
            data-testid="product-grid"
            className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4"
          >
            {Array.from({ length: pages }, (_, i) => (
              <PageCards key={i + 1} search={search} page={i + 1} />
            ))}
          </ul>
          {hasMore &&
            (lastReady || last.isError ? (
              // After a failed page the button asks again, and the observer stays off.
              <LoadMore
                onVisible={last.isError ? undefined : next}
                onPress={last.isError ? () => void last.refetch() : next}
              />
            ) : (
              <Loading label="Carregando mais materiais..." className="py-8" />
            ))}
        </>
      )}
    </section>
  )
}

/** One page's cards, straight into the grid (each page is its own query, cached apart). */
function PageCards({ search, page }: { search: CatalogSearch; page: number }) {
  const { data } = useQuery(catalogPageQuery(search, page))
  if (!data) return null
  const belowBanner = !isNarrowed(search)
  return data.items.map((card, index) => (
    <li key={card.id} className="flex">
      <ProductCard product={card} priority={!belowBanner && page === 1 && index < PRIORITY_CARDS} />
    </li>
  ))
}

/** A button (keyboard, no IntersectionObserver) that also presses itself as it nears the screen. */
function LoadMore({ onVisible, onPress }: { onVisible?: () => void; onPress: () => void }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = ref.current
    if (!element || !onVisible || typeof IntersectionObserver === 'undefined') return
    let done = false
    const observer = new IntersectionObserver(
      (entries) => {
        if (!done && entries.some((e) => e.isIntersecting)) {
          done = true
          onVisible()
        }
      },
      { rootMargin: AHEAD },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [onVisible])
  return (
    <div ref={ref} className="mt-6 text-center" data-testid="load-more">
      <Button variant="secondary" onClick={onPress}>
        {onVisible ? 'Ver mais materiais' : 'Tentar carregar mais materiais'}
      </Button>
    </div>
  )
}

function EmptyState({
  search,
  facets,
  searching,
  onClear,
}: {
  search: CatalogSearch
  facets: CatalogFacets
  searching: boolean
  onClear: () => void
}) {
  const filters = activeFilters(search)
  return (
    <div className="rounded-3xl border-2 border-dashed border-purple-200 bg-white px-6 py-12 text-center">
      <p aria-hidden="true" className="text-5xl">
        {searching ? '🔍' : '📦'}
      </p>
      <p className="mt-4 text-lg font-bold text-purple-900">
        {searching ? 'Nenhum produto encontrado' : 'Nenhum produto disponível'}
      </p>
      <p className="mt-1 text-gray-600">
        {!searching
          ? 'Novos materiais chegam em breve. Volte logo!'
          : filters.length
            ? 'Tire um dos filtros acima para ver mais materiais.'
            : 'Tente buscar por outro termo.'}
      </p>
      {searching && <DropToSee search={search} facets={facets} />}
      {searching && (
        <Button variant="secondary" className="mt-4" onClick={onClear}>
          Limpar busca
        </Button>
      )}
    </div>
  )
}

/** "1 material encontrado", "3 materiais prontos para baixar": the words agree with the count. */
function materialsCount(n: number, kind: 'found' | 'ready'): string {
  const one = n === 1
  const noun = one ? 'material' : 'materiais'
  const words =
    kind === 'found'
      ? one
        ? 'encontrado'
        : 'encontrados'
      : one
        ? 'pronto para baixar'
        : 'prontos para baixar'
  return `${n} ${noun} ${words}`
}
