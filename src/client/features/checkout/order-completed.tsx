import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { buttonClasses } from '../../ui/button'
import { accountKeys } from '../account/account.api'
import { useCurrentUser } from '../auth/auth.api'
import { cartQuery } from '../cart/cart.api'
import { forgetPaidTempItem } from '../cart/temp-checkout'
import { clearPendingOrder, materialsHref, readPendingOrder } from './pending-order'
import { useFocusOnMount } from './use-focus-on-mount'
import { adEvent } from '../../lib/ad-events'

/** SPEC.md section 4: 3 s after a confirmation, 2 s when the account was just created. */
const REDIRECT_MS = 3000
const REDIRECT_NEW_ACCOUNT_MS = 2000

// Orders already wrapped up by this tab: a remount (StrictMode, a re-render) must not repeat it.
const finished = new Set<string>()

export function OrderCompleted({ orderId }: { orderId: string }) {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const { user } = useCurrentUser()
  // Read once, before the effect below forgets it: it says where the materials are.
  const [order] = useState(() => {
    const saved = readPendingOrder()
    return saved?.orderId === orderId ? saved : null
  })
  const heading = useFocusOnMount<HTMLHeadingElement>()
  const href = materialsHref(order, Boolean(user))
  const toDashboard = href === '/dashboard'

  const goOn = useEffectEvent(() => navigate(href))
  useEffect(() => {
    // Only the first time this browser sees the order paid: a revisit must not empty a new cart.
    if (order && !finished.has(orderId)) {
      finished.add(orderId)
      // The pixels' Purchase carries the order's id: the server's event has the same one.
      adEvent({ name: 'Purchase', ids: order.productIds?.map(String), eventId: orderId })
      clearPendingOrder(orderId)
      forgetPaidTempItem(order.productIds)
    }
    // The server took the paid products out of the cart when it marked the order paid.
    for (const queryKey of [cartQuery().queryKey, accountKeys.purchases(), accountKeys.orders()]) {
      void queryClient.invalidateQueries({ queryKey })
    }
    const timer = setTimeout(goOn, order?.accountCreated ? REDIRECT_NEW_ACCOUNT_MS : REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [order, orderId, queryClient])

  return (
    <section
      data-testid="checkout-completed"
      aria-labelledby="concluido-titulo"
      className="mx-auto max-w-lg rounded-3xl border border-emerald-200 bg-white p-6 text-center shadow-sm"
    >
      <p aria-hidden="true" className="text-6xl">
        🎉
      </p>
      <h1
        ref={heading}
        tabIndex={-1}
        id="concluido-titulo"
        className="mt-3 text-2xl font-extrabold text-emerald-700"
      >
        Pagamento confirmado!
      </h1>
      <p className="mt-2 text-gray-700">Seus materiais já estão liberados para download.</p>
      <p role="status" className="mt-4 rounded-xl bg-purple-50 p-3 text-sm text-purple-900">
        {toDashboard
          ? 'Levando você ao seu painel em instantes...'
          : 'Você comprou sem criar conta: seus materiais ficam em “Meus Materiais”, com o mesmo email e WhatsApp do pedido, e o link de acesso também foi para o seu email. Levando você para lá em instantes...'}
      </p>
      <Link href={href} className={buttonClasses('primary', 'lg', 'mt-5 w-full')}>
        {toDashboard ? 'Ir para o meu painel' : 'Ver meus materiais'}
      </Link>
    </section>
  )
}
