import type { Product } from '../../../contracts/products'
import { formatDecimalBRL } from '../../../contracts/money'
import { cn } from '../../lib/cn'

export function ProductPrice({
  product,
  className,
}: {
  product: Pick<Product, 'isFree' | 'price'>
  className?: string
}) {
  if (product.isFree) {
    return <span className={cn('font-extrabold text-emerald-700', className)}>GRATUITO</span>
  }
  return (
    <span className={cn('font-extrabold text-purple-700', className)}>
      {formatDecimalBRL(product.price)}
    </span>
  )
}
