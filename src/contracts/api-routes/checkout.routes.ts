import type {
  CardCheckoutAnswer,
  CardCheckoutRequest,
  CheckoutAnswer,
  CheckoutRequest,
  OrderStatusAnswer,
  PaymentMethods,
} from '../checkout'
import type { CheckoutOffer } from '../products'
import { route } from '../api-route'

// Buying: payment methods, placing an order, its status, the offers beside it.
export const paymentMethods = route<typeof PaymentMethods>()('GET', '/api/payments/methods')
export const checkout = route<typeof CheckoutAnswer, CheckoutRequest>()('POST', '/api/checkout')
/** Query: productIds (comma-separated). */
export const offers = route<CheckoutOffer[]>()('GET', '/api/checkout/offers')
export const orderStatus = route<typeof OrderStatusAnswer>()('GET', '/api/orders/:id/status')
export const confirmPayment = route<
  typeof OrderStatusAnswer,
  { paymentData: { confirmedAt: string } }
>()('POST', '/api/orders/:id/confirm-payment')
/** The buyer's 'Já paguei': the order awaits the owner's confirmation. */
export const claimPaid = route<typeof OrderStatusAnswer>()('POST', '/api/orders/:id/paid-claim')
/** The client's names, prices and total are sent as SPEC.md says; the server ignores them. */
export const cardOrder = route<
  Partial<CardCheckoutAnswer>,
  {
    items: { productId: number; quantity: number; name: string; price: string }[]
    customer: CardCheckoutRequest['customer']
    totalAmount: string
    couponCode?: string
  }
>()('POST', '/api/create-order-mercadopago')
