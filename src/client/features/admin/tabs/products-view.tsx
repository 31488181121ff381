import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'wouter'
import { searchItems } from '../../../../contracts/catalog-search'
import { buttonClasses } from '../../../ui/button'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { adminProductsQuery } from '../admin.queries'
import { ProductRow } from '../product-row'

/**
 * Produtos and Gestão Produtos in one view: every product, active or not, searchable, with its
 * file and its everyday actions (activate, edit, view, delete). The SPEC's other registration
 * forms and diagnostic pages keep their addresses (/acesso-cadastro lists them) but are not
 * offered here: the owner's one way to add a material is 'Novo produto'.
 */
export function ProductsView() {
  const { data, error, isPending, refetch, isFetching } = useQuery(adminProductsQuery())
  const [search, setSearch] = useState('')
  const shown = searchItems(data ?? [], search)
  const create = (
    <Link href="/admin/create-product" className={buttonClasses('primary', 'sm')}>
      + Novo produto
    </Link>
  )

  return (
    <Panel title="Produtos" actions={create}>
      {isPending ? (
        <Loading label="Carregando produtos..." />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()}>
          {error.message === 'No products found' && create}
        </LoadError>
      ) : (
        <>
          <label className="block">
            <span className="sr-only">Buscar produto</span>
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Buscar por nome, descrição ou categoria"
              className="h-11 w-full rounded-xl border-2 border-purple-100 px-3 text-base focus:border-purple-500 focus:outline-none"
            />
          </label>
          <p className="mt-2 text-sm text-gray-600" aria-live="polite">
            {data.length} produto(s) · {data.filter((p) => !p.isActive).length} inativo(s)
            {isFetching ? ' · atualizando...' : ''}
          </p>
          {shown.length === 0 ? (
            <p className="mt-3 text-gray-600">Nenhum produto encontrado.</p>
          ) : (
            <ul className="mt-1 divide-y divide-purple-100">
              {shown.map((product) => (
                <ProductRow key={product.id} product={product} detailed />
              ))}
            </ul>
          )}
        </>
      )}
    </Panel>
  )
}
