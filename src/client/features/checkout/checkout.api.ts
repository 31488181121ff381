import { queryOptions } from '@tanstack/react-query'
import type { BodyOf } from '../../../contracts/api-route'
import * as accountRoutes from '../../../contracts/api-routes/account.routes'
import * as checkoutRoutes from '../../../contracts/api-routes/checkout.routes'
import type { CheckoutAnswer, CheckoutRequest, PixPaymentData } from '../../../contracts/checkout'
import { HttpError, call } from '../../lib/api'
import { withTimeout } from '../../lib/timeout'
import { readAttribution } from '../../lib/attribution'
import { consentBody } from '../../lib/consent'

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

/** An order's polled status; the payment methods; the offers beside the cart. */
export const checkoutKeys = {
  orderStatus: (orderId: string) => ['orders', orderId, 'status'] as const,
  offers: (productIds: number[]) => ['checkout', 'offers', productIds] as const,
  paymentLink: (token: string) => ['guest-access', 'payment-link', token] as const,
}

/** Opens a WhatsApp reminder's payment token for this browser (that one order only). */
export const openPaymentLink = (token: string) =>
  call(accountRoutes.guestPaymentLink, { body: { token } })

export function fetchOrderStatus(orderId: string, signal?: AbortSignal) {
  return withDeadline(STATUS_TIMEOUT_MS, signal, (s) =>
    call(checkoutRoutes.orderStatus, { params: { id: orderId }, signal: s }),
  )
}

export const orderStatusQuery = (orderId: string) =>
  queryOptions({
    queryKey: checkoutKeys.orderStatus(orderId),
    queryFn: ({ signal }) => fetchOrderStatus(orderId, signal),
    // Another session's or an unknown order is 404: asking again will not change that.
    retry: (failureCount, error) =>
      failureCount < 3 && !(error instanceof HttpError && error.status < 500),
  })

/** The order bumps offered beside these cart products. */
export const offersQuery = (productIds: number[]) =>
  queryOptions({
    queryKey: checkoutKeys.offers(productIds),
    queryFn: ({ signal }) =>
      call(checkoutRoutes.offers, { query: { productIds: productIds.join(',') }, signal }),
    staleTime: 60_000,
  })

/** Which payment methods the store offers now (card only with Mercado Pago). */
/** Where the buyer came from and their banner answer go with every order. */
const sourceOfOrder = () => ({ attribution: readAttribution(), consent: consentBody() })

export function createPixOrder(body: CheckoutRequest) {
  return withDeadline(CHECKOUT_TIMEOUT_MS, undefined, (signal) =>
    call(checkoutRoutes.checkout, { body: { ...body, ...sourceOfOrder() }, signal }),
  )
}

export function confirmPayment(orderId: string) {
  return call(checkoutRoutes.confirmPayment, {
    params: { id: orderId },
    body: { paymentData: { confirmedAt: new Date().toISOString() } },
  })
}

/** The buyer's 'Já paguei': the order awaits the shop's confirmation. */
export function claimPayment(orderId: string) {
  return call(checkoutRoutes.claimPaid, { params: { id: orderId } })
}

/** The client's names, prices and total are sent as SPEC.md says; the server ignores them. */
export function createCardOrder(body: BodyOf<typeof checkoutRoutes.cardOrder>) {
  return call(checkoutRoutes.cardOrder, { body: { ...body, ...sourceOfOrder() } })
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
