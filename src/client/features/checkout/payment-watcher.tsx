import { useEffect, useEffectEvent } from 'react'
import { useLocation } from 'wouter'
import { HttpError } from '../../lib/api'
import { toast } from '../../ui/toast-store'
import { fetchOrderStatus, isPaidStatus } from './checkout.api'
import {
  BACKGROUND_CHECK_MAX_AGE_MS,
  clearPendingOrder,
  materialsHref,
  pendingOrderAge,
  readPendingOrder,
  type PendingOrder,
} from './pending-order'

const CHECK_EVERY_MS = 30_000
const PROMPT_AFTER_MS = 3000
/** These pages follow the order themselves; a second check there would only repeat them. */
const PAGES_WITH_THEIR_OWN_CHECK = ['/checkout', '/checkout-pix', '/payment-recovery']

/**
 * SPEC.md section 4, background payment check: a saved pending order is checked now, every 30 s
 * and whenever the page becomes visible again (back from the bank app). Errors are only logged.
 */
export function PaymentWatcher() {
  const [location, navigate] = useLocation()
  const active = !PAGES_WITH_THEIR_OWN_CHECK.includes(location)

  const announce = useEffectEvent((order: PendingOrder) => {
    toast({
      title: 'PAGAMENTO CONFIRMADO!',
      description: `Materiais de "${order.productName}" liberados! Acesse seu dashboard.`,
      variant: 'success',
      duration: Infinity,
    })
    setTimeout(() => {
      if (window.confirm('Pagamento confirmado! Ir para o dashboard?')) {
        navigate(materialsHref(order, false))
      }
    }, PROMPT_AFTER_MS)
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

  return null
}
