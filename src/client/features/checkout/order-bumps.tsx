import { useQuery } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import type { CartItem } from '../../../contracts/cart'
import { formatDecimalBRL } from '../../../contracts/money'
import type { CheckoutOffer } from '../../../contracts/products'
import { imageVariant } from '../../lib/image-url'
import { SmartImage } from '../../ui/smart-image'
import { offersQuery } from './checkout.api'
import type { CheckoutLine } from '../cart/coupon'

/** The bumps the buyer took on this page (kept while the page lives, like the form). */
let chosen: CheckoutOffer[] = []
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

function toggle(offer: CheckoutOffer) {
  chosen = chosen.some((c) => c.productId === offer.productId)
    ? chosen.filter((c) => c.productId !== offer.productId)
    : [...chosen, offer]
  emit()
}

export function clearChosenBumps() {
  chosen = []
  emit()
}

export function useChosenBumps(): CheckoutOffer[] {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => chosen,
    () => chosen,
  )
}

/** What the order asks the server for: the cart's lines and each bump with its parent. */
export function checkoutLines(items: CartItem[], bumps: CheckoutOffer[]): CheckoutLine[] {
  const ids = new Set(items.map((i) => i.productId))
  return [
    ...items.map(({ productId, quantity }) => ({ productId, quantity })),
    // A bump whose parent left the cart (or that is now in it) no longer applies.
    ...bumps
      .filter((b) => ids.has(b.forProductId) && !ids.has(b.productId))
      .map((b) => ({ productId: b.productId, quantity: 1, bumpFor: b.forProductId })),
  ]
}

/** 'Adicionar ao pedido': one tap adds another material at its special price to the same PIX. */
export function OrderBumps({ items }: { items: CartItem[] }) {
  const productIds = [...new Set(items.map((i) => i.productId))].sort((a, b) => a - b)
  const { data: offers = [] } = useQuery({
    ...offersQuery(productIds),
    enabled: productIds.length > 0,
  })
  const taken = useChosenBumps()
  if (offers.length === 0) return null
  return (
    <section aria-label="Ofertas para adicionar ao pedido" className="space-y-2">
      {offers.map((offer) => {
        const on = taken.some((t) => t.productId === offer.productId)
        return (
          <label
            key={offer.productId}
            data-testid="order-bump"
            className={
              on
                ? 'flex cursor-pointer items-center gap-3 rounded-2xl border-2 border-dashed border-emerald-500 bg-emerald-50 p-3'
                : 'flex cursor-pointer items-center gap-3 rounded-2xl border-2 border-dashed border-amber-400 bg-amber-50 p-3'
            }
          >
            <input
              type="checkbox"
              data-testid="order-bump-toggle"
              checked={on}
              onChange={() => toggle(offer)}
              className="size-6 shrink-0 accent-emerald-600"
            />
            <SmartImage
              src={imageVariant(offer.imageUrl, 'thumb')}
              alt=""
              width={48}
              height={48}
              className="size-12 shrink-0 rounded-lg bg-white object-cover"
            />
            <span className="min-w-0 flex-1">
              <span className="block text-xs font-bold tracking-wide text-amber-800 uppercase">
                Adicionar ao pedido
              </span>
              <span className="block text-sm leading-snug font-semibold text-gray-900">
                {offer.name}
              </span>
              <span className="block text-sm">
                <span className="text-gray-500 line-through">{formatDecimalBRL(offer.price)}</span>{' '}
                <strong className="text-emerald-700">
                  por {formatDecimalBRL(offer.offerPrice)}
                </strong>
              </span>
            </span>
          </label>
        )
      })}
    </section>
  )
}
