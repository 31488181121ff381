/** Refunds: the buyer's request (CDC art. 49) and the owner's 'Reembolsar'. */
import { z } from 'zod'

/** A buyer may ask within this many days of the payment. */
export const REFUND_WINDOW_DAYS = 7

/**
 * review: waiting for the owner (materials were used); return_money: the order is refunded but
 * the store's own PIX key must send the money back by hand; refunded: done; declined: the owner
 * said no (the order stays paid).
 */
export const REFUND_STATUSES = ['review', 'return_money', 'refunded', 'declined'] as const
export const RefundStatus = z.enum(REFUND_STATUSES)
export type RefundStatus = z.infer<typeof RefundStatus>

const reason = z
  .string({ error: 'Motivo inválido' })
  .trim()
  .max(500, { error: 'Escreva o motivo em até 500 letras' })

/** POST /api/orders/:id/refund-request. */
export const RefundRequestBody = z.object({ reason: reason.optional().default('') })

/** The buyer's answer: what happened, in words fit to show. */
export const RefundRequestAnswer = z.object({
  status: RefundStatus,
  message: z.string(),
})
export type RefundRequestAnswer = z.infer<typeof RefundRequestAnswer>

/** What the buyer's order lists show about a refund. */
export const OrderRefundInfo = z.object({
  /** The request made, if any. */
  status: RefundStatus.nullable(),
  /** Until when (ISO 8601) 'Solicitar reembolso' is offered; null when it is not (not paid). */
  requestableUntil: z.string().nullable(),
})
export type OrderRefundInfo = z.infer<typeof OrderRefundInfo>

/** POST /api/admin/orders/:id/refund: the owner's 'Reembolsar'. */
export const AdminRefundBody = z.object({
  reason: reason.optional().default(''),
  /** Static PIX: the owner confirms the money was sent back (nobody else can). */
  moneyReturned: z.boolean().optional().default(false),
})

export const AdminDeclineBody = z.object({
  note: reason.min(1, { error: 'Escreva ao comprador por que o reembolso foi recusado' }),
})

/** One use of the order's materials, for the owner deciding a request. */
export const OrderUse = z.object({
  kind: z.enum(['download', 'canva']),
  productName: z.string(),
  /** ISO 8601. */
  at: z.string(),
})
export type OrderUse = z.infer<typeof OrderUse>

/** GET /api/admin/refunds: every request or refund, newest first. */
export const AdminRefund = z.object({
  orderId: z.string(),
  origin: z.enum(['buyer', 'admin']),
  status: RefundStatus,
  reason: z.string(),
  decisionNote: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  totalAmount: z.string(),
  paymentProvider: z.string(),
  items: z.array(z.string()),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  uses: z.array(OrderUse),
})
export type AdminRefund = z.infer<typeof AdminRefund>
