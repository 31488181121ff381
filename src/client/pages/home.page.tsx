import { lazy, Suspense, useCallback } from 'react'
import { useLocation, useSearch } from 'wouter'
import { findCategory } from '../../contracts/categories'
import { CatalogSection } from '../features/catalog/catalog-section'
import type { CatalogSearch } from '../features/catalog/catalog.queries'
import { Benefits } from '../features/home/benefits'
import { Hero } from '../features/home/hero'
import { SearchBar } from '../features/home/search-bar'

// Below the grid, so never on the first screen: their code comes after the first paint.
const LoginCta = lazy(() =>
  import('../features/home/login-cta').then((m) => ({ default: m.LoginCta })),
)
const Bestsellers = lazy(() =>
  import('../features/catalog/bestsellers').then((m) => ({ default: m.Bestsellers })),
)

/** The home page's address for a search: `/?q=…&categoria=…`, shareable as it is. */
function homeAddress({ q, category }: CatalogSearch): string {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (category) params.set('categoria', category)
  const query = params.toString()
  return query ? `/?${query}` : '/'
}

/** The search the address asks for; an unknown category is no filter. */
function searchOf(query: string): CatalogSearch {
  const params = new URLSearchParams(query)
  const q = (params.get('q') ?? '').trim().slice(0, 100)
  return { q, category: findCategory(params.get('categoria'))?.slug }
}

export default function HomePage() {
  const query = useSearch()
  const [, navigate] = useLocation()
  const search = searchOf(query)
  const { q, category } = search
  const browsing = Boolean(q || category)

  // Refining a search replaces the address; starting one adds it, so Back leaves the search.
  const onSearch = useCallback(
    (term: string) => navigate(homeAddress({ q: term, category }), { replace: Boolean(q) }),
    [navigate, q, category],
  )
  const clear = useCallback(() => navigate('/'), [navigate])

  return (
    <>
      <SearchBar value={q} onSearch={onSearch} />
      {!browsing && <Hero />}
      {!browsing && <Benefits />}
      <CatalogSection search={search} onClear={clear} />
      <Suspense fallback={null}>
        {!browsing && <Bestsellers />}
        <LoginCta />
      </Suspense>
    </>
  )
}
