import { useContext } from 'react'
import { Link } from 'wouter'
import type { CatalogCard } from '../../../contracts/catalog'
import { CardActionContext } from '../../lib/card-action'
import { imageVariant } from '../../lib/image-url'
import { SmartImage } from '../../ui/smart-image'
import { CategoryBadge } from './category-badge'
import { ProductPrice } from './product-price'

interface ProductCardProps {
  product: CatalogCard
  /** The first cards of a page are above the fold: load them now, not lazily. */
  priority?: boolean
}

export function ProductCard({ product, priority = false }: ProductCardProps) {
  const src = imageVariant(product.imageUrl, 'card')
  const action = useContext(CardActionContext)
  return (
    // The action (the heart) is a sibling of the link, not inside it: a button within a link is
    // invalid HTML and a screen reader would read them as one.
    <div className="relative flex w-full">
      <Link
        href={`/produto/${product.id}`}
        data-testid="product-card"
        className="group flex w-full flex-col overflow-hidden rounded-2xl border border-purple-100 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-purple-500"
      >
        <div className="aspect-square overflow-hidden bg-purple-50">
          <SmartImage
            src={src}
            alt={product.name}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            width={600}
            height={600}
            className="size-full object-cover transition group-hover:scale-105"
          />
        </div>
        <div className="flex flex-1 flex-col gap-2 p-3">
          <CategoryBadge slug={product.category} className="self-start" />
          {product.previewReady && (
            // Under the picture, not over it: the covers carry their own badges, the corner the heart.
            <p className="text-xs font-semibold text-purple-700" data-testid="card-preview">
              Prévia disponível
            </p>
          )}
          <h3 className="line-clamp-2 text-sm leading-snug font-semibold text-gray-900 sm:text-base">
            {product.name}
          </h3>
          {product.rating ? (
            // One star and the figure: the cards are on the home page, whose script stays small.
            <p className="text-xs text-gray-600" data-testid="card-rating">
              <span aria-hidden="true" className="text-amber-400">
                ★{' '}
              </span>
              <span className="font-semibold text-gray-800">
                {product.rating.average.toFixed(1).replace('.', ',')}
              </span>{' '}
              ({product.rating.count}
              <span className="sr-only"> avaliações</span>)
            </p>
          ) : null}
          <div className="mt-auto flex items-center justify-between gap-2 pt-1">
            <ProductPrice product={product} className="text-base sm:text-lg" />
            <span
              aria-hidden="true"
              className="text-sm font-semibold text-pink-600 group-hover:underline"
            >
              Ver →
            </span>
          </div>
        </div>
      </Link>
      {action && <div className="absolute top-2 right-2">{action(product.id)}</div>}
    </div>
  )
}
