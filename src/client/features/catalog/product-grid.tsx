import type { CatalogCard } from '../../../contracts/catalog'
import { ProductCard } from './product-card'

interface ProductGridProps {
  products: CatalogCard[]
  testId?: string
  /** How many leading cards load eagerly (SPEC.md section 9: the first 4 are preloaded). */
  priorityCount?: number
}

export function ProductGrid({ products, testId, priorityCount = 4 }: ProductGridProps) {
  return (
    <ul
      data-testid={testId}
      className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4"
    >
      {products.map((product, index) => (
        <li key={product.id} className="flex">
          <ProductCard product={product} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  )
}
