import { z } from 'zod'
import { PixPaymentData } from './payment-methods.js'

// An order as every screen shows it: its statuses and their words, its lines, its summary, and
// the status a waiting page polls.

/**
 * 'awaiting_confirmation': the buyer said she paid ('Já paguei') a PIX the store confirms by
 * hand; the expiry leaves it alone until the owner marks it paid or cancels it.
 */
export const ORDER_STATUSES = [
  'pending',
  'awaiting_confirmation',
  'paid',
  'cancelled',
  'refunded',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
/** Why an order was cancelled or refunded, where it matters later (orders.closed_reason). */
export const ORDER_CLOSED_REASONS = ['expired', 'refund_request', 'admin', 'provider'] as const
export type OrderClosedReason = (typeof ORDER_CLOSED_REASONS)[number]
export const OrderStatus = z.enum(ORDER_STATUSES)

/** The words every order list and export uses for a status. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pendente',
  awaiting_confirmation: 'Aguardando confirmação',
  paid: 'Pago',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
}

export const OrderLine = z.object({
  /** Null on a clube subscription's line, which names the plan (`planId`) instead. */
  productId: z.number().int().nullable(),
  planId: z.number().int().optional(),
  productName: z.string(),
  quantity: z.number().int(),
  /** Decimal string: "19.90". */
  unitPrice: z.string(),
  /** Taken as the order bump of this product (at its offer price). */
  bumpFor: z.number().int().optional(),
})
export type OrderLine = z.infer<typeof OrderLine>

/** An order with its lines, as checkout, the customer area and the admin list it. */
export const OrderSummary = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  /** The lines' sum, before the coupon. */
  subtotalAmount: z.string(),
  discountAmount: z.string(),
  /** What the buyer pays: what the PIX charges. */
  totalAmount: z.string(),
  couponCode: z.string().nullable(),
  status: OrderStatus,
  /** The buyer said she paid and the owner has not confirmed it yet ('Aguardando confirmação'). */
  awaitingConfirmation: z.boolean(),
  /**
   * A refund under the store's own key: 'to_send' until the owner ticks the money as sent
   * ('Reembolso a enviar'), then 'sent'; null for any other order.
   */
  refundStatus: z.enum(['to_send', 'sent']).nullable(),
  paymentMethod: z.enum(['pix', 'card']),
  /** ISO 8601. */
  createdAt: z.string(),
  items: z.array(OrderLine),
})
export type OrderSummary = z.infer<typeof OrderSummary>

/** What status polling shows: a paid order is 'confirmed' (SPEC.md section 3). */
export const PolledOrderStatus = z.enum(['pending', 'confirmed', 'cancelled', 'refunded'])
export type PolledOrderStatus = z.infer<typeof PolledOrderStatus>

/** GET /api/orders/:id/status and POST /api/orders/:id/confirm-payment. */
export const OrderStatusAnswer = z.object({
  id: z.string(),
  status: PolledOrderStatus,
  subtotalAmount: z.string(),
  discountAmount: z.string(),
  totalAmount: z.string(),
  couponCode: z.string().nullable(),
  /** Present while the order is pending, so a reloaded page can show the QR again. */
  pixPaymentData: PixPaymentData.nullable(),
  /**
   * The buyer said she paid ('Já paguei'): the store is checking. `status` stays 'pending'
   * meanwhile, so a waiting page keeps polling until the owner confirms.
   */
  awaitingConfirmation: z.boolean(),
  /**
   * Whether 'Já paguei' may be sent now: a pending PIX, or one under the store's own key that
   * expired (the buyer may have paid late; the owner checks).
   */
  canClaimPayment: z.boolean(),
  /** When an unpaid PIX order is cancelled (ISO 8601); null when it has no PIX expiry. */
  expiresAt: z.string().nullable(),
})
export type OrderStatusAnswer = z.infer<typeof OrderStatusAnswer>

export const OrderIdParams = z.object({ id: z.string().max(100) })
