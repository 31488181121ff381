import type { Product } from '../../../contracts/products'
import { useDeliveryPromise } from '../settings/delivery-promise'

export function DetailBenefits({ product }: { product: Product }) {
  const promise = useDeliveryPromise()
  const first = product.canvaOnly
    ? { emoji: '🎨', title: 'Modelo editável no Canva' }
    : { emoji: '⚡', title: product.isFree ? 'Download Imediato' : promise.tile }
  const tiles = [
    first,
    { emoji: '🔒', title: 'Compra Segura' },
    { emoji: '⭐', title: 'Alta Qualidade' },
    { emoji: '💬', title: 'Suporte WhatsApp' },
  ]
  return (
    <ul aria-label="Vantagens" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {tiles.map((tile) => (
        <li
          key={tile.title}
          className="flex flex-col items-center gap-1 rounded-xl bg-purple-50 px-2 py-3 text-center text-xs font-semibold text-purple-900"
        >
          <span aria-hidden="true" className="text-xl">
            {tile.emoji}
          </span>
          {tile.title}
        </li>
      ))}
    </ul>
  )
}
