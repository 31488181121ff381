import { lazy, Suspense, useCallback } from 'react'
import { useLocation, useSearch } from 'wouter'
import { catalogAddress, catalogSearchOf, isNarrowed } from '../../contracts/catalog-search'
import { CatalogSection } from '../features/catalog/catalog-section'
import { ClubeInvite } from '../features/clube/clube-invite'
import { Benefits } from '../features/home/benefits'
import { EmptyStore } from '../features/home/empty-store'
import { Hero } from '../features/home/hero'
import { SearchBar } from '../features/catalog/search-bar'
import { useHydrated } from '../lib/use-hydrated'
import { HydrateLater } from '../ui/hydrate-later'

// Below the grid, so never on the first screen: their code comes after the first paint.
const LoginCta = lazy(() =>
  import('../features/home/login-cta').then((m) => ({ default: m.LoginCta })),
)
const Bestsellers = lazy(() =>
  import('../features/catalog/bestsellers').then((m) => ({ default: m.Bestsellers })),
)

export default function HomePage() {
  const query = useSearch()
  const [, navigate] = useLocation()
  const search = catalogSearchOf(query)
  const { q } = search
  const browsing = isNarrowed(search)
  const hydrated = useHydrated()

  // Refining a search replaces the address; starting one adds it, so Back leaves the search.
  // The category and the filters stay as they were.
  const address = catalogAddress(search)
  const onSearch = useCallback(
    (term: string) =>
      navigate(catalogAddress({ ...catalogSearchOf(address.slice(1)), q: term }), {
        replace: Boolean(q),
      }),
    [navigate, q, address],
  )
  const clear = useCallback(() => navigate('/'), [navigate])

  return (
    <>
      <SearchBar value={q} onSearch={onSearch} />
      {!browsing && <Hero />}
      {/* Below the first screen: React takes them over after the search and the banner. */}
      <HydrateLater>
        {!browsing && <ClubeInvite />}
        {!browsing && <Benefits />}
        <CatalogSection search={search} onClear={clear} empty={<EmptyStore />} />
      </HydrateLater>
      {/* This visitor's own (her login; best sellers, fetched after the page): after hydration. */}
      {hydrated && (
        <Suspense fallback={null}>
          {!browsing && <Bestsellers />}
          <LoginCta />
        </Suspense>
      )}
    </>
  )
}
