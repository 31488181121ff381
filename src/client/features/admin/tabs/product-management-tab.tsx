import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'wouter'
import { buttonClasses } from '../../../ui/button'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { searchItems } from '../../../../contracts/catalog-search'
import { adminProductsQuery } from '../admin.queries'
import { ProductRow } from '../product-row'

/** Gestão Produtos: the full records, searchable, and the ways to register new ones. */
export function ProductManagementTab() {
  const { data, error, isPending, refetch } = useQuery(adminProductsQuery())
  const [search, setSearch] = useState('')
  const shown = searchItems(data ?? [], search)

  return (
    <Panel
      title="Gestão de produtos"
      actions={
        <div className="flex flex-wrap gap-2">
          <Link href="/admin/create-product" className={buttonClasses('primary', 'sm')}>
            + Novo produto
          </Link>
          <Link href="/upload-multiplo.html" className={buttonClasses('secondary', 'sm')}>
            Upload múltiplo
          </Link>
        </div>
      }
    >
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
      {isPending ? (
        <Loading />
      ) : error ? (
        <div className="mt-3">
          <LoadError error={error} onRetry={() => void refetch()} />
        </div>
      ) : shown.length === 0 ? (
        <p className="mt-3 text-gray-600">Nenhum produto encontrado.</p>
      ) : (
        <ul className="mt-2 divide-y divide-purple-100">
          {shown.map((product) => (
            <ProductRow key={product.id} product={product} detailed />
          ))}
        </ul>
      )}
    </Panel>
  )
}
