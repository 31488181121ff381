import { useEffect } from 'react'
import { Link } from 'wouter'
import type { Product } from '../../../contracts/products'
import { adEvent } from '../../lib/ad-events'
import { CategoryBadge } from '../catalog/category-badge'
import { FavoriteButton } from '../favorites/favorite-button'
import { DetailBenefits } from './detail-benefits'
import { Gallery } from './gallery'
import { PagePreviews } from './page-previews'
import { InfoCard } from './info-card'
import { ForWhom } from '../bncc/for-whom'
import { IncludedInClube } from '../clube/included-in-clube'
import { KitContents } from './kit-contents'
import { PriceBox } from './price-box'
import { ProductRatingSummary, ProductReviews } from './product-reviews'
import { PurchasePanel } from './purchase-panel'
import { ShareButton } from '../../ui/share-button'
import { HydrateLater } from '../../ui/hydrate-later'
import { PlainText } from '../../ui/plain-text'

export function ProductDetail({ product }: { product: Product }) {
  const images = [product.imageUrl, ...(product.additionalImages ?? [])].filter(Boolean)
  // The ad pixels' ViewContent (read only after the buyer's 'Aceitar').
  useEffect(() => {
    adEvent({ name: 'ViewContent', ids: [String(product.id)], value: Number(product.price) })
  }, [product.id, product.price])
  return (
    <article className="mx-auto max-w-6xl px-4 py-4 sm:py-8">
      <div className="mb-4 flex items-center justify-between gap-2">
        <Link
          href="/"
          className="inline-flex h-10 items-center gap-1 rounded-xl px-2 font-semibold text-purple-700 hover:bg-purple-50 focus-visible:outline-3 focus-visible:outline-purple-500"
        >
          <span aria-hidden="true">←</span> Voltar
        </Link>
        <div className="flex items-center gap-2">
          <FavoriteButton productId={product.id} />
          <ShareButton title={product.name} />
        </div>
      </div>
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <div>
          <Gallery name={product.name} images={images} />
          {/* A Canva material's pages are its gallery images, already shown above. */}
          {!product.canvaOnly && product.previewStatus === 'ready' && (
            <PagePreviews name={product.name} previews={product.previews} total={product.paginas} />
          )}
        </div>
        <div className="space-y-5">
          <div>
            <CategoryBadge slug={product.category} />
            <h1 className="mt-3 text-2xl leading-tight font-extrabold text-gray-900 sm:text-3xl">
              {product.name}
            </h1>
            <ProductRatingSummary productId={product.id} />
          </div>
          <PriceBox product={product} />
          <IncludedInClube productId={product.id} />
          <ForWhom product={product} />
          <KitContents product={product} />
          <PurchasePanel product={product} />
          {/* Below the first screen: React takes it over after the purchase panel above. */}
          <HydrateLater>
            <DetailBenefits product={product} />
            <section aria-labelledby="descricao">
              <h2 id="descricao" className="text-lg font-bold text-purple-900">
                Descrição
              </h2>
              <PlainText
                text={product.description}
                className="plain-prose"
                testId="product-description"
              />
            </section>
            <ProductReviews productId={product.id} />
            <InfoCard product={product} />
          </HydrateLater>
        </div>
      </div>
    </article>
  )
}
