import type { GuestCredentials } from '../../../contracts/downloads'
import { PENDING_ORDER_TTL_MS } from '../../../contracts/limits'
import { PENDING_ORDER_KEY } from './pending-order-key'

/** /checkout brings back a pending order this recent; older ones are forgotten there. */
export const CHECKOUT_RESTORE_MS = 30 * 60_000
/** The background check gives up on an order when the server has cancelled it. */
export const BACKGROUND_CHECK_MAX_AGE_MS = PENDING_ORDER_TTL_MS

export interface PendingOrder {
  orderId: string
  productName: string
  /** Milliseconds since the epoch, when the order was made. */
  timestamp: number
  // Beyond SPEC.md's three fields, so a reloaded page still knows where to send the buyer.
  /** An account was created with the order (redirect to /dashboard after 2 s). */
  accountCreated?: boolean
  /** An account was asked for, but the e-mail has one: the screen offers 'Entrar'. */
  accountExists?: boolean
  /** A guest without an account finds their materials on /meus-materiais with these. */
  guest?: GuestCredentials
  /** What the order bought: those lines leave the cart when it is paid. */
  productIds?: number[]
}

export function savePendingOrder(order: PendingOrder): void {
  try {
    localStorage.setItem(PENDING_ORDER_KEY, JSON.stringify(order))
  } catch {
    // Storage refused: the open page still polls; only a reload loses the order.
  }
}

export function readPendingOrder(): PendingOrder | null {
  try {
    const value = JSON.parse(localStorage.getItem(PENDING_ORDER_KEY) ?? 'null') as unknown
    if (!value || typeof value !== 'object') return null
    const order = value as Partial<PendingOrder>
    if (typeof order.orderId !== 'string' || !order.orderId) return null
    return {
      ...order,
      orderId: order.orderId,
      productName: typeof order.productName === 'string' ? order.productName : 'seu pedido',
      timestamp: Number(order.timestamp) || 0,
    }
  } catch {
    return null
  }
}

/** Removes the saved order; with an id, only when it is that order. */
export function clearPendingOrder(orderId?: string): void {
  try {
    if (orderId && readPendingOrder()?.orderId !== orderId) return
    localStorage.removeItem(PENDING_ORDER_KEY)
  } catch {
    // Nothing to clear.
  }
}

export function pendingOrderAge(order: PendingOrder, now = Date.now()): number {
  return now - order.timestamp
}

/** Where a paid order's materials are: the dashboard, or the guest lookup prefilled. */
export function materialsHref(order: PendingOrder | null, loggedIn: boolean): string {
  // A saved order without guest data was made logged in (or made the account).
  if (loggedIn || order?.accountCreated || (order && !order.guest)) return '/dashboard'
  if (!order?.guest) return '/meus-materiais'
  const query = new URLSearchParams({ email: order.guest.email, whatsapp: order.guest.whatsapp })
  return `/meus-materiais?${query.toString()}`
}

/** The waiting page of an order. */
export function orderHref(orderId: string): string {
  return `/checkout?order=${encodeURIComponent(orderId)}`
}
