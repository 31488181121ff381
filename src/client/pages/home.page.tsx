import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useDebouncedValue } from '../lib/use-debounced-value'
import { Button } from '../ui/button'
import { Loading } from '../ui/query-state'
import { Bestsellers } from '../features/catalog/bestsellers'
import { productsQuery } from '../features/catalog/catalog.queries'
import { searchProducts } from '../features/catalog/product-search'
import { ProductGrid } from '../features/catalog/product-grid'
import { Benefits } from '../features/home/benefits'
import { Hero } from '../features/home/hero'
import { LoginCta } from '../features/home/login-cta'
import { SearchBar } from '../features/home/search-bar'

const SEARCH_DEBOUNCE_MS = 300

export default function HomePage() {
  const [search, setSearch] = useState('')
  const term = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim()
  const { data: products, isPending, isError, refetch } = useQuery(productsQuery())
  const shown = searchProducts(products ?? [], term)

  return (
    <>
      <SearchBar value={search} onChange={setSearch} />
      {!term && <Hero />}
      {!term && <Benefits />}
      <section
        id="produtos"
        aria-labelledby="produtos-titulo"
        className="mx-auto max-w-6xl scroll-mt-28 px-4 pt-8"
      >
        <div className="mb-4">
          <h2 id="produtos-titulo" className="text-2xl font-extrabold text-purple-900">
            {term ? `Resultados para “${term}”` : 'Nossos materiais'}
          </h2>
          {!isPending && !isError && (
            <p className="mt-1 text-gray-600" aria-live="polite">
              {materialsCount(shown.length, term ? 'found' : 'ready')}
            </p>
          )}
        </div>
        {isPending ? (
          <Loading label="Carregando materiais..." className="py-16" />
        ) : isError ? (
          <div className="rounded-2xl bg-red-50 p-6 text-center text-red-900">
            <p className="font-semibold">Não foi possível carregar os materiais.</p>
            <Button variant="secondary" className="mt-4" onClick={() => void refetch()}>
              Tentar novamente
            </Button>
          </div>
        ) : shown.length === 0 ? (
          <EmptyState searching={Boolean(term)} onClear={() => setSearch('')} />
        ) : (
          <ProductGrid products={shown} testId="product-grid" />
        )}
      </section>
      {!term && <Bestsellers />}
      <LoginCta />
    </>
  )
}

function EmptyState({ searching, onClear }: { searching: boolean; onClear: () => void }) {
  return (
    <div className="rounded-3xl border-2 border-dashed border-purple-200 bg-white px-6 py-12 text-center">
      <p aria-hidden="true" className="text-5xl">
        {searching ? '🔍' : '📦'}
      </p>
      <p className="mt-4 text-lg font-bold text-purple-900">
        {searching ? 'Nenhum produto encontrado' : 'Nenhum produto disponível'}
      </p>
      <p className="mt-1 text-gray-600">
        {searching
          ? 'Tente buscar por outro termo.'
          : 'Novos materiais chegam em breve. Volte logo!'}
      </p>
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
