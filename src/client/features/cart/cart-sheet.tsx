import { useQuery } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import { Button } from '../../ui/button'
import { Sheet } from '../../ui/sheet'
import { useCartActions } from './cart-actions'
import { CartItemRow } from './cart-item-row'
import { cartQuery, cartSummary } from './cart.api'
import { useCouponQuote } from './coupon'
import { CouponField } from './coupon-field'
import { formatDecimalBRL } from '../../../contracts/money'
import { RelatedProducts } from './related-products'

interface CartSheetProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** 'Carrinho Especial' (SPEC.md section 2), loaded the first time the header's cart is opened. */
export default function CartSheet({ open, onOpenChange }: CartSheetProps) {
  const { data: items = [] } = useQuery(cartQuery())
  const { total } = cartSummary(items)
  const { updateQuantity, removeItem, clearCart, busyIds } = useCartActions()
  const [, navigate] = useLocation()
  const productIds = [...new Set(items.map((i) => i.productId))].sort((a, b) => a - b)
  const { quote } = useCouponQuote(items)
  const discounted = quote?.valid ? quote : null

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title="Carrinho Especial"
      description="Itens do seu carrinho"
    >
      <div data-testid="cart-sheet" className="flex min-h-full flex-col">
        {items.length === 0 ? (
          <div className="py-16 text-center">
            <p className="text-5xl" aria-hidden="true">
              🛒
            </p>
            <p className="mt-4 font-semibold text-purple-900">
              Seu carrinho está aguardando materiais especiais
            </p>
            <p className="mt-1 text-sm text-gray-600">
              Explore nossos recursos pedagógicos únicos!
            </p>
            <Button variant="secondary" className="mt-6" onClick={() => onOpenChange(false)}>
              Ver materiais
            </Button>
          </div>
        ) : (
          <>
            <ul className="divide-y divide-purple-100" aria-label="Itens no carrinho">
              {items.map((item) => (
                <CartItemRow
                  key={item.id}
                  item={item}
                  busy={busyIds.has(item.id)}
                  onQuantity={(i, q) => void updateQuantity(i, q)}
                  onRemove={(i) => void removeItem(i)}
                />
              ))}
            </ul>
            <RelatedProducts cartProductIds={productIds} />
            {/* Stuck to the bottom of the panel: the total and the way out stay in reach. */}
            <div className="sticky -bottom-4 -mx-5 mt-auto border-t border-purple-100 bg-white px-5 pt-3 pb-4">
              <div className="mb-3">
                <CouponField items={items} />
              </div>
              {discounted ? (
                <p className="flex items-baseline justify-between text-sm text-gray-600">
                  <span>Subtotal</span>
                  <span className="line-through">{total}</span>
                </p>
              ) : null}
              <p className="flex items-baseline justify-between text-lg font-bold">
                <span>Total Especial</span>
                <span data-testid="cart-sheet-total" className="text-2xl text-purple-700">
                  {discounted ? formatDecimalBRL(discounted.totalAmount) : total}
                </span>
              </p>
              <Button
                size="lg"
                className="mt-3 w-full"
                data-testid="cart-checkout"
                onClick={() => {
                  onOpenChange(false)
                  navigate('/checkout')
                }}
              >
                <span aria-hidden="true">⚡</span> Finalizar Compra com PIX
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="mt-2 w-full"
                onClick={() => void clearCart()}
              >
                Limpar Carrinho
              </Button>
            </div>
          </>
        )}
      </div>
    </Sheet>
  )
}
