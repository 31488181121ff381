import type { CartItem } from '../../../contracts/cart'
import { MAX_CART_QUANTITY } from '../../../contracts/limits'
import { formatDecimalBRL } from '../../../contracts/money'
import { cn } from '../../lib/cn'
import { imageVariant } from '../../lib/image-url'
import { SmartImage } from '../../ui/smart-image'

const stepClass =
  'flex size-9 items-center justify-center text-lg font-bold text-purple-700 hover:bg-purple-50 disabled:cursor-not-allowed disabled:opacity-35 focus-visible:outline-2 focus-visible:outline-purple-500'

interface CartItemRowProps {
  item: CartItem
  busy: boolean
  onQuantity: (item: CartItem, quantity: number) => void
  onRemove: (item: CartItem) => void
}

export function CartItemRow({ item, busy, onQuantity, onRemove }: CartItemRowProps) {
  const { product, quantity } = item
  return (
    <li data-testid="cart-item" aria-busy={busy} className="flex gap-3 py-3">
      <SmartImage
        src={imageVariant(product.imageUrl, 'thumb')}
        alt=""
        width={64}
        height={64}
        className="size-16 shrink-0 rounded-xl bg-purple-50 object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-sm leading-snug font-semibold text-gray-900">
          {product.name}
        </p>
        <p className="mt-0.5 text-sm font-bold text-purple-700">
          {formatDecimalBRL(product.price)}
        </p>
        <div className="mt-2 flex items-center justify-between gap-2">
          <div
            role="group"
            aria-label={`Quantidade de ${product.name}`}
            className={cn(
              'flex items-center overflow-hidden rounded-lg border border-purple-200 bg-white transition-opacity',
              busy && 'opacity-60',
            )}
          >
            <button
              type="button"
              data-testid="cart-item-minus"
              aria-label="Diminuir quantidade"
              className={stepClass}
              disabled={quantity <= 1}
              onClick={() => onQuantity(item, quantity - 1)}
            >
              −
            </button>
            <span
              data-testid="cart-item-quantity"
              aria-live="polite"
              className="min-w-8 text-center text-sm font-semibold"
            >
              {quantity}
            </span>
            <button
              type="button"
              data-testid="cart-item-plus"
              aria-label="Aumentar quantidade"
              className={stepClass}
              disabled={quantity >= MAX_CART_QUANTITY}
              onClick={() => onQuantity(item, quantity + 1)}
            >
              +
            </button>
          </div>
          <button
            type="button"
            data-testid="cart-item-remove"
            aria-label={`Remover ${product.name} do carrinho`}
            onClick={() => onRemove(item)}
            className="flex size-9 items-center justify-center rounded-lg text-gray-500 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-purple-500"
          >
            <TrashIcon />
          </button>
        </div>
      </div>
    </li>
  )
}

function TrashIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-5"
      aria-hidden="true"
    >
      <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14M10 11v5M14 11v5" />
    </svg>
  )
}
