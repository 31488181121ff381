import type { Product } from '../../../contracts/products'
import { formatDecimalBRL } from '../../../contracts/money'

export function PriceBox({ product }: { product: Product }) {
  if (product.isFree) {
    return (
      <div
        data-testid="price-box"
        className="rounded-2xl border-2 border-emerald-200 bg-emerald-50 p-4"
      >
        <p className="text-3xl font-extrabold text-emerald-700">GRATUITO</p>
        <p className="mt-1 text-sm text-emerald-800">Download direto, sem pagamento</p>
      </div>
    )
  }
  return (
    <div
      data-testid="price-box"
      className="rounded-2xl border-2 border-pink-200 bg-gradient-to-r from-pink-50 to-purple-50 p-4"
    >
      {product.compareAtPrice ? (
        <>
          <p className="text-sm font-semibold text-pink-700">Preço especial</p>
          <p className="flex flex-wrap items-baseline gap-x-2" data-testid="price-compare">
            <span className="text-base text-gray-600">
              De <s>{formatDecimalBRL(product.compareAtPrice)}</s>
            </span>
            <span className="text-3xl font-extrabold text-purple-800">
              <span className="text-base font-semibold text-gray-700">por </span>
              {formatDecimalBRL(product.price)}
            </span>
          </p>
        </>
      ) : (
        <p className="text-3xl font-extrabold text-purple-800">{formatDecimalBRL(product.price)}</p>
      )}
      <p className="mt-1 text-sm text-gray-600">
        <span aria-hidden="true">💠</span> Pagamento via PIX
      </p>
    </div>
  )
}
