import type { OrderStatus } from '../../../contracts/checkout.js'
import type { Db } from '../../db/client.js'
import type { ReadsOnce } from '../../lib/reads-once.js'
import { handle, type AnyEventHandler } from '../../kernel/events.js'
import type { PaidReport } from './order-notices.js'
import type { OrderLineRow } from './order-transitions.js'
import type { OrderRow } from './place-order.js'

// The other modules' side of the order events: what a module implements to react to an order,
// and the four event handlers it becomes (decision 034).

/**
 * How a module reacts to an order's events (orders.module.ts declares them): `preparePaid`
 * handles `order.paid` (it reads what it needs BEFORE the transaction opens, since PGlite runs
 * one query at a time, and answers the step to run inside it, which may report what it granted
 * for the buyer's receipt); `closed` handles `order.refunded` and `order.cancelled`; `claimed`
 * handles `order.claimed`. All of them run inside the transaction that changes the order, so
 * their rows exist exactly when the status changes. `once` holds reads shared by one payment's
 * steps (the order's purchases, their products): a module that reads purchases declares that it
 * runs after the modules granting them (orderEffectHandlers' `after`).
 */
export interface OrderEffects {
  preparePaid(): Promise<
    (tx: Db, order: OrderRow, lines: OrderLineRow[], once: ReadsOnce) => Promise<PaidReport>
  >
  /** `status` is the new one: 'cancelled' (by hand or expired) or 'refunded'. */
  closed(tx: Db, orderId: string, status?: OrderStatus): Promise<void>
  /** Guest orders became `userId`'s (claimGuestOrders): the rows they granted follow. */
  claimed?(tx: Db, orderIds: string[], userId: string): Promise<void>
}

/** A module's reactions to an order as the events' handlers, in the order `after` declares. */
export function orderEffectHandlers(
  effects: OrderEffects,
  opts: { after?: readonly string[] } = {},
): AnyEventHandler[] {
  const after = opts.after ?? []
  const closed = (tx: Db, { order }: { order: OrderRow }) =>
    effects.closed(tx, order.id, order.status)
  const handlers: AnyEventHandler[] = [
    handle({
      event: 'order.paid',
      phase: 'transaction',
      after,
      prepare: async () => {
        const step = await effects.preparePaid()
        return async (tx, { order, lines, once }) => (await step(tx, order, lines, once)) ?? []
      },
    }),
    handle({ event: 'order.refunded', phase: 'transaction', after, run: closed }),
    handle({ event: 'order.cancelled', phase: 'transaction', after, run: closed }),
  ]
  const { claimed } = effects
  if (claimed) {
    handlers.push(
      handle({
        event: 'order.claimed',
        phase: 'transaction',
        after,
        run: (tx, { orderIds, userId }) => claimed(tx, orderIds, userId),
      }),
    )
  }
  return handlers
}
