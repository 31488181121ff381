import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Loading } from '../../ui/query-state'
import { cartQuery } from '../cart/cart.api'
import { readTempCheckoutItem } from '../cart/temp-checkout'
import { CheckoutForm } from './checkout-form'
import { EmptyCart } from './empty-cart'
import { OrderBumps } from './order-bumps'
import { OrderSummary } from './order-summary'
import {
  CHECKOUT_RESTORE_MS,
  clearPendingOrder,
  pendingOrderAge,
  readPendingOrder,
} from './pending-order'

/** What is being bought: the buy-now item (?instant=true), else the cart. */
function useCheckoutItems(instant: boolean) {
  const cart = useQuery(cartQuery())
  const [instantItem] = useState(() => (instant ? readTempCheckoutItem() : null))
  if (instantItem) return { items: [instantItem], isLoading: false }
  return { items: cart.data ?? [], isLoading: cart.isPending }
}

/** /checkout before an order exists: summary, form and the finalize button. */
export function NewOrder({ instant }: { instant: boolean }) {
  const { items, isLoading } = useCheckoutItems(instant)

  useEffect(() => {
    // SPEC.md section 4: a pending order too old to restore here is forgotten.
    const saved = readPendingOrder()
    if (saved && pendingOrderAge(saved) >= CHECKOUT_RESTORE_MS) clearPendingOrder(saved.orderId)
  }, [])

  if (isLoading) return <Loading label="Carregando seu pedido..." className="py-16" />
  if (items.length === 0) return <EmptyCart />
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
      <div className="space-y-3 lg:sticky lg:top-28 lg:order-2">
        <OrderSummary items={items} />
        <OrderBumps items={items} />
      </div>
      <div className="lg:order-1">
        <CheckoutForm items={items} />
      </div>
    </div>
  )
}
