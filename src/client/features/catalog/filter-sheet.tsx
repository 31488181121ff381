import { Link } from 'wouter'
import type { CatalogFacets } from '../../../contracts/catalog-filters'
import { FACETS } from '../../../contracts/catalog-filter-rules'
import { catalogAddress, type CatalogSearch } from '../../../contracts/catalog-search'
import { cn } from '../../lib/cn'
import { Sheet } from '../../ui/sheet'
import { chip, FACET_TITLES, without } from './filter-parts'

/**
 * 'Filtrar': every filter's options and how many materials each would show given the others
 * (the server counts them). Each option is an address of its own, so a filtered page can be
 * shared and is drawn by the server. Its own chunk: loaded by the button's first touch.
 */
export default function FilterSheet({
  open,
  onOpenChange,
  search,
  facets,
  count,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  search: CatalogSearch
  facets: CatalogFacets
  count: number
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Filtrar materiais">
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
                        onClick={() => onOpenChange(false)}
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
            onClick={() => onOpenChange(false)}
            className="inline-block font-semibold text-purple-700 underline"
          >
            Limpar filtros
          </Link>
        ) : null}
      </div>
    </Sheet>
  )
}
