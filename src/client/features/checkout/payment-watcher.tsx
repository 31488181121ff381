import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react'
import { useLocation } from 'wouter'
import { HttpError } from '../../lib/api'
import { accountKeys } from '../account/account.api'
import { useCurrentUser } from '../auth/auth.api'
import { cartQuery } from '../cart/cart.api'
import { forgetPaidTempItem } from '../cart/temp-checkout'
import { fetchOrderStatus, isPaidStatus } from './checkout.api'
import {
  BACKGROUND_CHECK_MAX_AGE_MS,
  clearPendingOrder,
  materialsHref,
  pendingOrderAge,
  readPendingOrder,
  type PendingOrder,
} from './pending-order'

// The dialog (and Radix with it) is fetched only when a payment is announced: every page has
// this watcher, and the home page's first load carries none of it.
const ConfirmDialog = lazy(() =>
  import('../../ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
)

const CHECK_EVERY_MS = 30_000
/** These pages follow the order themselves; a second check there would only repeat them. */
const PAGES_WITH_THEIR_OWN_CHECK = ['/checkout', '/checkout-pix', '/payment-recovery', '/clube']

/**
 * SPEC.md section 4, background payment check: a saved pending order is checked now, every 30 s
 * and whenever the page becomes visible again (back from the bank app). Errors are only logged.
 */
export function PaymentWatcher() {
  const [location, navigate] = useLocation()
  const active = !PAGES_WITH_THEIR_OWN_CHECK.includes(location)
  const queryClient = useQueryClient()
  const [paid, setPaid] = useState<PendingOrder | null>(null)

  const announce = useEffectEvent((order: PendingOrder) => {
    // The server took the paid products out of the cart; this browser's buy-now item goes too.
    forgetPaidTempItem(order.productIds)
    for (const queryKey of [cartQuery().queryKey, accountKeys.purchases(), accountKeys.orders()]) {
      void queryClient.invalidateQueries({ queryKey })
    }
    setPaid(order)
  })
  useEffect(() => {
    if (!active) return
    let checking = false
    const check = async () => {
      const order = readPendingOrder()
      if (!order || checking) return
      if (pendingOrderAge(order) > BACKGROUND_CHECK_MAX_AGE_MS) {
        clearPendingOrder(order.orderId)
        return
      }
      checking = true
      try {
        const { status } = await fetchOrderStatus(order.orderId)
        if (isPaidStatus(status)) {
          clearPendingOrder(order.orderId)
          announce(order)
        } else if (status === 'cancelled' || status === 'refunded') {
          clearPendingOrder(order.orderId)
        }
      } catch (error) {
        console.warn('Verificação de pagamento falhou', error)
        // Not this browser's order (or no longer there): asking every 30 s would not change that.
        if (error instanceof HttpError && error.status === 404) clearPendingOrder(order.orderId)
      } finally {
        checking = false
      }
    }
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void check()
    }
    void check()
    const timer = setInterval(() => void check(), CHECK_EVERY_MS)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [active])

  return (
    paid && (
      <Suspense fallback={null}>
        <PaidDialog order={paid} onClose={() => setPaid(null)} navigate={navigate} />
      </Suspense>
    )
  )
}

/**
 * The app's dialog, not a toast that stays over the page nor the browser's confirm(): one tap
 * closes it, and it names where this buyer finds the materials (a guest has no dashboard).
 */
function PaidDialog(props: {
  order: PendingOrder
  onClose: () => void
  navigate: (href: string) => void
}) {
  const { order, onClose, navigate } = props
  const [location] = useLocation()
  const { user } = useCurrentUser()
  const href = materialsHref(order, Boolean(user))
  const inAccount = href === '/dashboard'
  const here = location === href.split('?')[0]
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Pagamento confirmado!"
      confirmLabel={here ? 'Baixar agora' : 'Ver meus materiais'}
      cancelLabel="Fechar"
      onConfirm={() => !here && navigate(href)}
    >
      <p>Os materiais de “{order.productName}” já estão liberados para download.</p>
      <p>
        {here
          ? 'Eles estão nesta página, com o botão Baixar.'
          : inAccount
            ? 'Eles ficam no seu painel, prontos para baixar.'
            : 'Você comprou sem criar conta: eles ficam em “Meus Materiais”, com o email e o WhatsApp do pedido. O link de acesso também foi para o seu email.'}
      </p>
    </ConfirmDialog>
  )
}
