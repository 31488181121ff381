import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { useSearch } from 'wouter'
import type { CartItem } from '../../../contracts/cart'
import { cartQuery, cartSummary } from '../cart/cart.api'
import { orderStatusQuery } from '../checkout/checkout.api'
import { readPendingOrder } from '../checkout/pending-order'
import { CartIcon } from './icons'
import { payingTotal } from './paying-total'

// The panel (and Radix dialog with it) is only downloaded when first opened.
const CartSheet = lazy(() => import('../cart/cart-sheet'))

/** The PIX screen's order (read from the cache it fills and polls; never asked from here). */
function usePayingTotal(items: CartItem[] | undefined): string | null {
  const orderId = new URLSearchParams(useSearch()).get('order') ?? ''
  const { data: order } = useQuery({ ...orderStatusQuery(orderId), enabled: false })
  return orderId ? payingTotal(order, readPendingOrder(), items) : null
}

export function CartButton() {
  const { data } = useQuery(cartQuery())
  const summary = cartSummary(data)
  const { count } = summary
  const paying = usePayingTotal(data)
  const total = paying ?? summary.total
  const [open, setOpen] = useState(false)
  const [opened, setOpened] = useState(false)

  return (
    <>
      <button
        type="button"
        data-testid="cart-button"
        onClick={() => {
          setOpened(true)
          setOpen(true)
        }}
        className="relative inline-flex h-10 items-center gap-2 rounded-xl bg-purple-600 px-3 text-white shadow-sm hover:bg-purple-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-purple-500"
      >
        <CartIcon />
        {/* The name is what is seen (total, count), with words around it for a screen reader. */}
        <span className="sr-only">
          {paying ? 'Carrinho, pedido aguardando o PIX de ' : 'Carrinho, total '}
        </span>
        <span className="text-sm font-semibold" data-testid="cart-total">
          {total}
        </span>
        <span className="sr-only">, {count === 1 ? 'item' : 'itens'}: </span>
        <span
          data-testid="cart-count"
          className="absolute -top-2 -right-2 flex min-w-5 items-center justify-center rounded-full bg-pink-700 px-1 text-xs leading-5 font-bold ring-2 ring-white"
        >
          {count}
        </span>
      </button>
      {opened && (
        <Suspense fallback={null}>
          <CartSheet open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  )
}
