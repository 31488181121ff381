import type { PaymentProviderName } from '../../../../contracts/checkout.js'

/** One line of an order as a card payment page lists it. */
export interface CardLine {
  productId: number
  productName: string
  unitPriceCents: number
  quantity: number
}

/** What a provider's hosted card payment page needs for one stored order. */
export interface CardCheckoutRequest {
  orderId: string
  lines: CardLine[]
  totalCents: number
  /** The coupon that took something off, when one did (the page then shows one line). */
  couponCode: string | null
  description: string
  payer: { firstName: string; lastName: string; email: string }
  /** Where the buyer comes back to, paid or not: the order's waiting page. */
  backUrl: string
}

export interface CardCheckoutPage {
  initPoint: string
  sandboxInitPoint: string | null
  id: string
}

/**
 * Card payments on the provider's own page (Mercado Pago's Checkout Pro today): the order is
 * paid later by webhook or re-check, like a PIX one, through the same payment pipeline.
 */
export interface CardCheckout {
  readonly provider: PaymentProviderName
  createPage(request: CardCheckoutRequest): Promise<CardCheckoutPage>
}
