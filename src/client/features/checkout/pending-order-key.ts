// Apart from pending-order.ts: every page asks at start and at each navigation whether an
// order is waiting (app.tsx), and that one question should not bring the rest (the order's
// checks, links and ages) into the first bundle, which the checkout's chunks load when needed.

/** The order waiting for its PIX, kept in localStorage (SPEC.md sections 3, 4 and 9). */
export const PENDING_ORDER_KEY = 'pendingOrder'

/** Whether an order is saved, without reading it (the payment watcher reads and checks it). */
export function hasPendingOrder(): boolean {
  try {
    return localStorage.getItem(PENDING_ORDER_KEY) !== null
  } catch {
    return false
  }
}
