import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { hasFilters } from '../../../contracts/catalog-filter-rules'
import { catalogAddress, type CatalogSearch } from '../../../contracts/catalog-search'
import { cn } from '../../lib/cn'
import { categoriesQuery } from './catalog.api'

const chip =
  'inline-flex h-10 shrink-0 items-center gap-1.5 rounded-full border-2 px-3.5 text-sm font-semibold whitespace-nowrap focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-purple-500'
const idle = 'border-purple-100 bg-white text-purple-800 hover:border-purple-300'
const current = 'border-purple-700 bg-purple-700 text-white'

/**
 * Browsing by category: each chip is an address of its own (`/?categoria=…`), shareable. The
 * first chip stands for no category chosen; while filters or words narrow the list it says
 * 'Todas as categorias' and keeps them, since a plain 'Todas' lit there would claim the list
 * shows every material.
 */
export function CategoryChips({ search }: { search: CatalogSearch }) {
  const { data } = useQuery(categoriesQuery())
  const categories = Array.isArray(data) ? data : []
  const active = search.category
  const narrowed = Boolean(search.q) || hasFilters(search)
  if (categories.length < 2 && !active) return null
  return (
    // `relative`: the screen-reader-only text (absolute) stays inside the scrolled row instead of
    // widening the page beyond the screen.
    <nav aria-label="Categorias" className="relative -mx-4 mb-4 overflow-x-auto px-4 pb-1">
      <ul className="flex gap-2">
        <li>
          <Link
            href={catalogAddress({ ...search, category: undefined })}
            aria-current={active ? undefined : 'page'}
            className={cn(chip, active ? idle : current)}
            data-testid="all-categories"
          >
            {narrowed ? 'Todas as categorias' : 'Todas'}
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.slug}>
            <Link
              href={`/?categoria=${encodeURIComponent(category.slug)}`}
              aria-current={active === category.slug ? 'page' : undefined}
              className={cn(chip, active === category.slug ? current : idle)}
            >
              <span aria-hidden="true">{category.emoji}</span>
              {category.label}
              <span className="sr-only">,</span>
              <span className="text-xs opacity-75">{category.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
