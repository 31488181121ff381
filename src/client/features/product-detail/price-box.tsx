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
      <p className="text-sm font-semibold text-pink-700">Preço especial</p>
      <p className="text-3xl font-extrabold text-purple-800">{formatDecimalBRL(product.price)}</p>
      <p className="mt-1 text-sm text-gray-600">
        <span aria-hidden="true">💠</span> Pagamento via PIX
      </p>
    </div>
  )
}
