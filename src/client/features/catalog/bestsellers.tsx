import { useQuery } from '@tanstack/react-query'
import { BESTSELLERS_LIMIT } from '../../../contracts/limits'
import { bestsellersQuery } from './catalog.api'
import { ProductGrid } from './product-grid'

export function Bestsellers() {
  const { data } = useQuery(bestsellersQuery())
  const products = (Array.isArray(data) ? data : []).slice(0, BESTSELLERS_LIMIT)
  if (products.length === 0) return null
  return (
    <section aria-labelledby="mais-vendidos" className="mx-auto max-w-6xl px-4 pt-12">
      <h2 id="mais-vendidos" className="text-2xl font-extrabold text-purple-900">
        <span aria-hidden="true">🏆</span> Mais vendidos
      </h2>
      <p className="mt-1 mb-4 text-gray-600">Os preferidos das professoras esta semana.</p>
      <ProductGrid products={products} priorityCount={0} testId="bestsellers-grid" />
    </section>
  )
}
