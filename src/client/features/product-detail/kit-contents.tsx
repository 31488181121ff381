import type { Product } from '../../../contracts/products'
import { decimalToCents, formatBRL, formatDecimalBRL } from '../../../contracts/money'
import { imageVariant } from '../../lib/image-url'
import { SmartImage } from '../../ui/smart-image'

/** A kit's page: what it contains, each item at its own price, and what the kit saves. */
export function KitContents({ product }: { product: Product }) {
  const items = product.bundleItems ?? []
  if (items.length === 0) return null
  const separate = items.reduce((sum, i) => sum + (decimalToCents(i.price) ?? 0), 0)
  const saving = separate - (decimalToCents(product.price) ?? 0)
  return (
    <section
      aria-labelledby="kit-titulo"
      data-testid="kit-contents"
      className="rounded-2xl border-2 border-purple-100 bg-white p-4"
    >
      <h2 id="kit-titulo" className="text-lg font-bold text-purple-900">
        Este kit inclui {items.length} {items.length === 1 ? 'material' : 'materiais'}
      </h2>
      <ul className="mt-2 divide-y divide-purple-50">
        {items.map((item) => (
          <li key={item.productId} className="flex items-center gap-3 py-2">
            <SmartImage
              src={imageVariant(item.imageUrl, 'thumb')}
              alt=""
              width={40}
              height={40}
              className="size-10 shrink-0 rounded-lg bg-purple-50 object-cover"
            />
            <span className="flex-1 text-sm font-semibold text-gray-900">{item.name}</span>
            <span className="text-sm whitespace-nowrap text-gray-600">
              {formatDecimalBRL(item.price)}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between border-t border-purple-100 pt-2 text-sm">
        <span>Separados</span>
        <span className="line-through">{formatBRL(separate)}</span>
      </p>
      {saving > 0 ? (
        <p
          data-testid="kit-saving"
          className="mt-1 rounded-xl bg-emerald-50 px-3 py-2 text-center font-bold text-emerald-800"
        >
          No kit você economiza {formatBRL(saving)}
        </p>
      ) : null}
      <p className="mt-2 text-xs text-gray-600">
        Cada material chega como uma compra própria, com seus downloads.
      </p>
    </section>
  )
}
