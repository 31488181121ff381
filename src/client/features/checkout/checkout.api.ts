import { queryOptions } from '@tanstack/react-query'
import type {
  CardCheckoutAnswer,
  CardCheckoutRequest,
  CheckoutAnswer,
  CheckoutRequest,
  OrderStatusAnswer,
  PaymentMethods,
  PixPaymentData,
} from '../../../contracts/checkout'
import { HttpError, apiJson } from '../../lib/api'
import { withTimeout } from '../../lib/timeout'

/** SPEC.md section 9: each status request gives up after 8 s. */
const STATUS_TIMEOUT_MS = 8000
/** Generating a PIX may wait on the provider; past this the page starts its recovery. */
const CHECKOUT_TIMEOUT_MS = 30_000

/** A paid order polls as 'confirmed'; older servers said 'paid'. */
export function isPaidStatus(status: string | undefined): boolean {
  return status === 'confirmed' || status === 'paid'
}

async function withDeadline<T>(
  ms: number,
  signal: AbortSignal | undefined,
  run: (s: AbortSignal) => Promise<T>,
) {
  const timer = withTimeout(signal, ms)
  try {
    return await run(timer.signal)
  } catch (error) {
    if (timer.timedOut()) throw new Error('timeout: o servidor demorou a responder')
    throw error
  }
}

export function fetchOrderStatus(orderId: string, signal?: AbortSignal) {
  return withDeadline(STATUS_TIMEOUT_MS, signal, (s) =>
    apiJson<OrderStatusAnswer>(`/api/orders/${encodeURIComponent(orderId)}/status`, { signal: s }),
  )
}

export const orderStatusQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', orderId, 'status'],
    queryFn: ({ signal }) => fetchOrderStatus(orderId, signal),
    // Another session's or an unknown order is 404: asking again will not change that.
    retry: (failureCount, error) =>
      failureCount < 3 && !(error instanceof HttpError && error.status < 500),
  })

/** Which payment methods the store offers now (card only with Mercado Pago). */
export const paymentMethodsQuery = () =>
  queryOptions({
    queryKey: ['payments', 'methods'],
    queryFn: ({ signal }) => apiJson<PaymentMethods>('/api/payments/methods', { signal }),
    staleTime: 60_000,
  })

export function createPixOrder(body: CheckoutRequest) {
  return withDeadline(CHECKOUT_TIMEOUT_MS, undefined, (signal) =>
    apiJson<CheckoutAnswer>('/api/checkout', { method: 'POST', body, signal }),
  )
}

export function confirmPayment(orderId: string) {
  return apiJson<OrderStatusAnswer>(`/api/orders/${encodeURIComponent(orderId)}/confirm-payment`, {
    method: 'POST',
    body: { paymentData: { confirmedAt: new Date().toISOString() } },
  })
}

/** The client's names, prices and total are sent as SPEC.md says; the server ignores them. */
export function createCardOrder(body: {
  items: { productId: number; quantity: number; name: string; price: string }[]
  customer: CardCheckoutRequest['customer']
  totalAmount: string
  couponCode?: string
}) {
  return apiJson<Partial<CardCheckoutAnswer>>('/api/create-order-mercadopago', {
    method: 'POST',
    body,
  })
}

/** pixPaymentData, or the same built from the older pixData shape. */
export function pixOf(answer: CheckoutAnswer): PixPaymentData | null {
  if (answer.pixPaymentData?.qrCode) return answer.pixPaymentData
  if (!answer.pixData?.qr_code) return null
  const base64 = answer.pixData.qr_code_base64
  return {
    qrCodeBase64: base64.startsWith('data:') ? base64 : `data:image/png;base64,${base64}`,
    qrCode: answer.pixData.qr_code,
    amount: answer.order.totalAmount,
    ticketUrl: null,
    isDemo: false,
    provider: 'static',
    recipientName: null,
    expiresAt: null,
  }
}
