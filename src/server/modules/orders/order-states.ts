import { and, eq, gt, gte, isNotNull, isNull, lt, lte, or, type SQL } from 'drizzle-orm'
import {
  PENDING_ORDER_TTL_MS,
  type OrderClosedReason,
  type OrderStatus,
  type PolledOrderStatus,
} from '../../../contracts/checkout.js'
import { orders } from './orders.tables.js'

/**
 * Every move an order may make (DESIGN.md): pending → paid → refunded, pending → cancelled.
 * 'Já paguei': pending → awaiting_confirmation → paid or cancelled, and an expired
 * order under the store's own key → awaiting_confirmation (see claimableWhere).
 * Whoever changes a status (payments, the admin, the expiry timer) asks here first. A new state
 * is a row here plus its effects in order-transitions.ts.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'cancelled', 'awaiting_confirmation'],
  awaiting_confirmation: ['paid', 'cancelled'],
  paid: ['refunded'],
  cancelled: ['awaiting_confirmation'],
  refunded: [],
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to)
}

/**
 * Status polling calls a paid order 'confirmed' (SPEC.md section 3); an order awaiting the
 * owner's confirmation is still 'pending' there (the answer's `awaitingConfirmation` says so),
 * so a waiting page keeps polling until the owner confirms.
 */
export function polledStatus(status: OrderStatus): PolledOrderStatus {
  if (status === 'paid') return 'confirmed'
  return status === 'awaiting_confirmation' ? 'pending' : status
}

/*
 * "May this order still be paid?" — answered here only, in TypeScript and in SQL side by side:
 * a pending order (or one whose buyer said she paid), or one cancelled only because its PIX ran
 * out (the buyer's money arrived late through the provider: honoured, not lost). The one
 * exception to the table above.
 */

/** Whether a payment confirmed now pays the order (see above). */
export function isPayable(order: { status: OrderStatus; closedReason: OrderClosedReason | null }) {
  return (
    order.status === 'pending' ||
    order.status === 'awaiting_confirmation' ||
    (order.status === 'cancelled' && order.closedReason === 'expired')
  )
}

/** `isPayable` in SQL: the only rows a payment's UPDATE may move to 'paid'. */
export const payableWhere = (): SQL =>
  or(
    eq(orders.status, 'pending'),
    eq(orders.status, 'awaiting_confirmation'),
    and(eq(orders.status, 'cancelled'), eq(orders.closedReason, 'expired')),
  )!

/** The provider of the store's own PIX key, confirmed by hand (payments/providers/static.ts). */
const OWN_KEY = 'static'

/**
 * Whether the buyer's 'Já paguei' may mark this order as awaiting the owner's confirmation: a
 * pending PIX, or an expired one under the store's own key (nobody else can tell the owner a
 * late payment arrived there). Already awaiting counts too: the claim is idempotent.
 */
export function isClaimable(order: {
  status: OrderStatus
  closedReason: OrderClosedReason | null
  paymentMethod: 'pix' | 'card'
  paymentProvider: string
}) {
  if (order.paymentMethod !== 'pix') return false
  return (
    order.status === 'pending' ||
    order.status === 'awaiting_confirmation' ||
    (order.status === 'cancelled' &&
      order.closedReason === 'expired' &&
      order.paymentProvider === OWN_KEY)
  )
}

/** `isClaimable` in SQL, less the already-awaiting: the rows a claim's UPDATE may move. */
export const claimableWhere = (): SQL =>
  and(
    eq(orders.paymentMethod, 'pix'),
    or(
      eq(orders.status, 'pending'),
      and(
        eq(orders.status, 'cancelled'),
        eq(orders.closedReason, 'expired'),
        eq(orders.paymentProvider, OWN_KEY),
      ),
    ),
  )!

/**
 * Payable orders worth asking the provider about at `nowMs`: pending ones under 24 h old, and
 * those whose PIX ran out in the last 24 h (a late payment is looked for that long).
 */
export const payableRecentlyWhere = (nowMs: number): SQL => {
  const since = new Date(nowMs - PENDING_ORDER_TTL_MS)
  return or(
    and(eq(orders.status, 'pending'), gte(orders.createdAt, since)),
    and(eq(orders.status, 'pending'), isNotNull(orders.subscriptionId)),
    // The buyer said she paid: asked about as long as it waits (the expiry leaves it alone).
    eq(orders.status, 'awaiting_confirmation'),
    and(
      eq(orders.status, 'cancelled'),
      eq(orders.closedReason, 'expired'),
      gte(orders.updatedAt, since),
    ),
  )!
}

/**
 * Pending orders whose PIX ran out at `nowMs`, or past 24 h: the expiry timer cancels them. An
 * order awaiting the owner's confirmation is not pending: the timer leaves it to the owner.
 */
export const dueWhere = (nowMs: number): SQL =>
  and(
    eq(orders.status, 'pending'),
    or(
      lte(orders.pixExpiresAt, new Date(nowMs)),
      // A clube cycle's PIX is sent days before it is due: only its own expiry ends it.
      and(
        isNull(orders.subscriptionId),
        lt(orders.createdAt, new Date(nowMs - PENDING_ORDER_TTL_MS)),
      ),
    ),
  )!

/** A pending PIX with its code, not yet expired nor past 24 h at `nowMs` (reminders). */
export const stillPayableWhere = (nowMs: number, extra: SQL | undefined): SQL =>
  and(
    eq(orders.status, 'pending'),
    eq(orders.paymentMethod, 'pix'),
    isNotNull(orders.pixCode),
    gt(orders.pixExpiresAt, new Date(nowMs)),
    gte(orders.createdAt, new Date(nowMs - PENDING_ORDER_TTL_MS)),
    isNull(orders.anonymisedAt),
    extra,
  )!
