import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { buttonClasses } from '../../../ui/button'
import { LoadError, Loading } from '../../../ui/query-state'
import { Panel } from '../../../ui/panel'
import { lightProductsQuery } from '../admin.queries'
import { ProductRow } from '../product-row'

/** The quick list (products-light): every product, active or not, with its everyday actions. */
export function ProductsTab() {
  const { data, error, isPending, refetch, isFetching } = useQuery(lightProductsQuery())
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
          <p className="text-sm text-gray-600" aria-live="polite">
            {data.length} produto(s) · {data.filter((p) => !p.isActive).length} inativo(s)
            {isFetching ? ' · atualizando...' : ''}
          </p>
          <ul className="divide-y divide-purple-100">
            {data.map((product) => (
              <ProductRow key={product.id} product={product} />
            ))}
          </ul>
        </>
      )}
    </Panel>
  )
}
