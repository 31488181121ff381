import type { CartItem } from '../../../contracts/cart'
import { formatBRL, formatDecimalBRL, decimalToCents } from '../../../contracts/money'
import { imageVariant } from '../../lib/image-url'
import { SmartImage } from '../../ui/smart-image'
import { cartSummary } from '../cart/cart.api'
import { CouponField } from '../cart/coupon-field'
import { useCheckoutTotal } from './checkout-total'

export function OrderSummary({ items }: { items: CartItem[] }) {
  const { lines, taken, discounted, totalCents } = useCheckoutTotal(items)
  const { count } = cartSummary(items)
  return (
    <section
      aria-labelledby="resumo-titulo"
      data-testid="order-summary"
      className="rounded-2xl border border-purple-100 bg-white p-4 shadow-sm"
    >
      <h2 id="resumo-titulo" className="text-lg font-bold text-purple-900">
        Resumo do pedido
      </h2>
      <p className="text-sm text-gray-600">
        {count === 1 ? '1 material' : `${count} materiais`} para download
      </p>
      <ul className="mt-3 divide-y divide-purple-50">
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-3 py-2.5">
            <SmartImage
              src={imageVariant(item.product.imageUrl, 'thumb')}
              alt=""
              width={48}
              height={48}
              className="size-12 shrink-0 rounded-lg bg-purple-50 object-cover"
            />
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 text-sm leading-snug font-semibold">{item.product.name}</p>
              <p className="text-xs text-gray-600">
                {item.quantity} × {formatDecimalBRL(item.product.price)}
              </p>
            </div>
            <span className="text-sm font-bold whitespace-nowrap text-gray-900">
              {formatBRL((decimalToCents(item.product.price) ?? 0) * item.quantity)}
            </span>
          </li>
        ))}
        {taken.map((bump) => (
          <li key={`bump-${bump.productId}`} className="flex items-center gap-3 py-2.5">
            <SmartImage
              src={imageVariant(bump.imageUrl, 'thumb')}
              alt=""
              width={48}
              height={48}
              className="size-12 shrink-0 rounded-lg bg-purple-50 object-cover"
            />
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 text-sm leading-snug font-semibold">{bump.name}</p>
              <p className="text-xs text-emerald-700">Oferta adicionada ao pedido</p>
            </div>
            <span className="text-sm font-bold whitespace-nowrap text-gray-900">
              {formatDecimalBRL(bump.offerPrice)}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-2 border-t border-purple-100 pt-3">
        <CouponField items={lines} />
      </div>
      {discounted ? (
        <dl className="mt-3 space-y-1 text-sm text-gray-700">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatDecimalBRL(discounted.subtotalAmount)}</dd>
          </div>
          <div className="flex justify-between font-semibold text-emerald-700">
            <dt>Cupom {discounted.code}</dt>
            <dd data-testid="checkout-discount">−{formatDecimalBRL(discounted.discountAmount)}</dd>
          </div>
        </dl>
      ) : null}
      <p className="mt-2 flex items-baseline justify-between border-t border-purple-100 pt-3">
        <span className="font-bold">Total</span>
        <span data-testid="checkout-total" className="text-2xl font-extrabold text-purple-700">
          {formatBRL(totalCents)}
        </span>
      </p>
    </section>
  )
}
