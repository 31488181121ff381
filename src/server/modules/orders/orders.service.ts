import type { FastifyBaseLogger } from 'fastify'
import { demoOrders } from './demo-orders.js'
import { randomBytes } from 'node:crypto'
import type { Db } from '../../db/client.js'
import { createOrderChange } from './order-change.js'
import { orderLookups } from './order-lookups.js'
import type { NoticeWriter, OrderNotices } from './order-notices.js'
import type { EventRaiser } from '../../kernel/events.js'
import { guestOrderClaims } from './order-claims.js'
import { orderTransitions } from './order-transitions.js'
import { orderFigures } from './orders.read-model.js'

export type { NewOrder, NewOrderLine, OrderRow } from './place-order.js'
export type { AdContext } from './orders.tables.js'
export type {
  NoticeLine,
  NoticeWriter,
  OrderNotices,
  PaidGrant,
  PaidPeriod,
} from './order-notices.js'
export type { PaidSource } from './order-change.js'
export type { OrderAsker } from './order-lookups.js'
export type { OrderLineRow } from './order-transitions.js'
export { orderEffectHandlers, type OrderEffects } from './order-effects.js'
export {
  canTransition,
  isClaimable,
  isPayable,
  ORDER_TRANSITIONS,
  polledStatus,
} from './order-states.js'
export { toOrderSummary } from './order-summary.js'
export type { OrderOwner, OwnedOrder } from './order-personal-data.js'
export { UNPAID_ORDER_RETENTION_MS } from './order-personal-data.js'

/**
 * The provider name of an order that charged nothing anywhere: a coupon paid it in full, or the
 * owner gave a clube period free. Paid as soon as it is stored (source 'free').
 */
export const FREE_PROVIDER = 'free'

/** 128 random bits in base 36: 25 letters and digits, which also fits a PIX txid as is. */
export function newOrderId(): string {
  return BigInt(`0x${randomBytes(16).toString('hex')}`)
    .toString(36)
    .padStart(25, '0')
}

/**
 * What other modules ask about orders, reading only: the look-ups (order-lookups.ts) and the
 * figures of reports (orders.read-model.ts). Provided apart from the state machine
 * (orders.module.ts) so that the modules handling its events (downloads, coupons, canva,
 * stamping) can ask these without needing the state machine itself.
 */
export function createOrderReads(db: Db) {
  return { ...orderLookups(db), ...orderFigures(db) }
}

export type OrderReads = ReturnType<typeof createOrderReads>

/**
 * The orders module as other modules see it, in three parts: the state machine (every change,
 * each one unit of work: order-transitions.ts over order-change.ts; guest orders joining an
 * account, order-claims.ts), and the reads above.
 */
export { DEMO_PROVIDER } from './demo-orders.js'

export function createOrdersService(
  db: Db,
  deps: {
    log: FastifyBaseLogger
    reads?: OrderReads
    /** The e-mails and WhatsApp notices of order events, written in their transaction (outbox). */
    notices?: OrderNotices
    /** Where `order.paid`, `order.refunded`, `order.cancelled`, `order.claimed` and `sales.changed` are raised. */
    events: EventRaiser
  },
) {
  const change = createOrderChange(db, deps)
  return {
    ...orderTransitions(db, change, deps),
    ...guestOrderClaims(db, deps.events),
    ...(deps.reads ?? createOrderReads(db)),
    ...demoOrders(db),
    drain: change.drain,

    /**
     * Another module's write that tells the buyer about an order (the owner declined a refund),
     * as an order change: `work` gets the transaction and the notice writer (null: nothing is
     * written), and the notices it writes go out once it commits.
     */
    notifyWith: <T>(work: (tx: Db, notices: NoticeWriter | null) => Promise<T>): Promise<T> =>
      change.withOrderChange((scope) => work(scope.tx, scope.notices)),
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>
