import { useQuery } from '@tanstack/react-query'
import { formatDecimalBRL } from '../../../contracts/money'
import { Sheet } from '../../ui/sheet'
import { SmartImage } from '../../ui/smart-image'
import { imageVariant } from '../catalog/image-url'
import { cartQuery, cartSummary } from './cart.queries'

interface CartSheetProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** Read-only for now: quantity buttons, suggestions and checkout arrive with the cart issue. */
export default function CartSheet({ open, onOpenChange }: CartSheetProps) {
  const { data: items = [] } = useQuery(cartQuery())
  const { total } = cartSummary(items)
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title="Carrinho Especial"
      description="Itens do seu carrinho"
    >
      {items.length === 0 ? (
        <div className="py-16 text-center">
          <p className="text-5xl" aria-hidden="true">
            🛒
          </p>
          <p className="mt-4 font-semibold text-purple-900">
            Seu carrinho está aguardando materiais especiais
          </p>
          <p className="mt-1 text-sm text-gray-600">Explore nossos recursos pedagógicos únicos!</p>
        </div>
      ) : (
        <>
          <ul className="divide-y divide-purple-100">
            {items.map((item) => (
              <li key={item.id} className="flex gap-3 py-3">
                <SmartImage
                  src={imageVariant(item.product.imageUrl, 'thumb')}
                  alt={item.product.name}
                  className="size-16 shrink-0 rounded-lg object-cover"
                />
                <div className="min-w-0 flex-1">
                  <p className="line-clamp-2 text-sm font-semibold">{item.product.name}</p>
                  <p className="text-sm text-gray-600">
                    {item.quantity} × {formatDecimalBRL(item.product.price)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-4 flex justify-between border-t border-purple-100 pt-4 text-lg font-bold">
            <span>Total Especial</span>
            <span className="text-purple-700">{total}</span>
          </p>
        </>
      )}
    </Sheet>
  )
}
