import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import type { CartItem } from '../../../contracts/cart'
import type { CheckoutAnswer, GuestCustomerDataInput } from '../../../contracts/checkout'
import { HttpError } from '../../lib/api'
import { toast } from '../../ui/toast-store'
import { currentUserQuery } from '../auth/auth.api'
import { saveCouponCode, type CheckoutLine } from '../cart/coupon'
import { clearChosenBumps } from './order-bumps'
import { createPixOrder, orderStatusQuery, pixOf } from './checkout.api'
import {
  CHECKOUT_RESTORE_MS,
  orderHref,
  pendingOrderAge,
  readPendingOrder,
  savePendingOrder,
} from './pending-order'

const RECOVER_AFTER_MS = 3000
const RELOAD_AFTER_MS = 2000

/**
 * SPEC.md section 8: these failures may have created the order anyway, so recover, not blame.
 * SPEC's "mentions 5" is a 5xx status, read from the answer itself: a refusal that merely
 * contains the digit ('Quantidade máxima: 5') is a refusal. Without an answer, only what fetch
 * and our deadline throw counts: fetch's network TypeError (Chrome, Firefox and Safari each word
 * it their own way), an abort, or the checkout's own timeout.
 */
export function isConnectionTrouble(error: unknown): boolean {
  if (error instanceof HttpError) return error.status >= 500
  if (!(error instanceof Error)) return false
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return true
  return /^timeout\b|Failed to fetch|NetworkError|Load failed|aborted/i.test(error.message)
}

function describeOrder(answer: CheckoutAnswer, items: CartItem[]): string {
  const names = answer.order.items?.map((i) => i.productName) ?? items.map((i) => i.product.name)
  const [first = 'seu pedido', ...rest] = names
  if (rest.length === 0) return first
  return `${first} e mais ${rest.length} ${rest.length === 1 ? 'material' : 'materiais'}`
}

/**
 * The waiting view shows the order placed at once; polling replaces it with the server's
 * status. A coupon that took the whole amount paid the order already: it opens as confirmed.
 * The checkout and the clube's subscription both start their PIX screen from here.
 */
export function seedOrderStatus(queryClient: QueryClient, answer: CheckoutAnswer): void {
  const { order } = answer
  queryClient.setQueryData(orderStatusQuery(order.id).queryKey, {
    id: order.id,
    status: order.status === 'paid' ? 'confirmed' : 'pending',
    subtotalAmount: order.subtotalAmount,
    discountAmount: order.discountAmount,
    totalAmount: order.totalAmount,
    couponCode: order.couponCode,
    pixPaymentData: pixOf(answer),
    expiresAt: answer.pixPaymentData?.expiresAt ?? null,
    awaitingConfirmation: false,
    canClaimPayment: order.status === 'pending' && answer.pixPaymentData !== null,
  })
}

interface PlaceOrderInput {
  items: CartItem[]
  /** What is asked of the server: the items and the bumps taken (see order-bumps.tsx). */
  lines?: CheckoutLine[]
  /** Guests only; a logged-in buyer's order uses the account. */
  customerData?: GuestCustomerDataInput
  /** The coupon applied in the cart or here; the server checks it again with the order. */
  couponCode?: string
  /** The payer's CPF/CNPJ, only when the store's PIX provider asks for it (Asaas). */
  taxId?: string
  /** The newsletter box ticked (sent only then: absent is no consent). */
  newsletter?: boolean
  /** 'Quero nota fiscal': the document the nota goes to. */
  invoice?: { taxId: string; companyName?: string }
}

/**
 * POST /api/checkout, then the waiting view at /checkout?order={id}. `showUnderField` places a
 * refusal under the form's field it names (answers whether it did); others are toasted.
 */
export function usePlaceOrder(showUnderField: (error: unknown) => boolean = () => false) {
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()

  const recover = () => {
    toast({ title: 'Conexão Instável', description: 'Verificando se o seu pedido foi criado...' })
    setTimeout(() => {
      const saved = readPendingOrder()
      if (saved && pendingOrderAge(saved) < CHECKOUT_RESTORE_MS) {
        navigate(orderHref(saved.orderId), { replace: true })
      } else {
        setTimeout(() => window.location.reload(), RELOAD_AFTER_MS)
      }
    }, RECOVER_AFTER_MS)
  }

  return useMutation({
    mutationFn: ({
      items,
      lines,
      customerData,
      couponCode,
      taxId,
      newsletter,
      invoice,
    }: PlaceOrderInput) =>
      createPixOrder({
        items: lines ?? items.map(({ productId, quantity }) => ({ productId, quantity })),
        customerData,
        ...(couponCode ? { couponCode } : {}),
        ...(taxId ? { taxId } : {}),
        ...(newsletter ? { newsletter: true } : {}),
        ...(invoice ? { invoice } : {}),
      }),
    onSuccess: (answer, { items, customerData }) => {
      const { order } = answer
      if (!order?.id) {
        toast({ title: 'Erro', description: 'Pedido sem identificação.', variant: 'destructive' })
        return
      }
      // The coupon went with this order; a next order starts without it.
      saveCouponCode('')
      clearChosenBumps()
      const guestWithoutAccount = customerData && !answer.accountCreated
      savePendingOrder({
        orderId: order.id,
        productName: describeOrder(answer, items),
        timestamp: Date.now(),
        accountCreated: answer.accountCreated,
        accountExists: answer.accountExists,
        guest: guestWithoutAccount
          ? {
              // As the server stores them, so the lookup link finds the purchase.
              email: (customerData.email ?? '').trim().toLowerCase(),
              whatsapp: (customerData.whatsapp ?? '').trim(),
            }
          : undefined,
        productIds: items.map((i) => i.productId),
      })
      seedOrderStatus(queryClient, answer)
      if (answer.accountCreated) {
        void queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey })
      }
      toast({
        title: 'Pedido criado!',
        description: answer.accountExists
          ? 'Este e-mail já tem conta: entre com sua senha para ver o pedido na sua área.'
          : order.status === 'paid'
            ? 'O cupom cobriu o valor todo: seus materiais já estão liberados.'
            : 'Pague o PIX para liberar seus materiais.',
        variant: 'success',
        duration: 3000,
      })
      navigate(orderHref(order.id), { replace: true })
    },
    onError: (error) => {
      if (isConnectionTrouble(error)) recover()
      else if (showUnderField(error)) return
      else
        toast({
          title: 'Erro ao Criar Pedido',
          description: error instanceof Error ? error.message : 'Tente novamente.',
          variant: 'destructive',
        })
    },
  })
}
