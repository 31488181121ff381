import { defineModule } from '../../kernel/module.js'
import type { ReadsOnce } from '../../lib/reads-once.js'
import type { SalesChange } from './order-change.js'
import { startOrderJobs } from './order-jobs.js'
import type { PaidReport } from './order-notices.js'
import type { OrderLineRow } from './order-transitions.js'
import { ordersRoutes } from './orders.routes.js'
import {
  createOrderReads,
  createOrdersService,
  type OrderReads,
  type OrdersService,
} from './orders.service.js'
import type { OrderRow } from './place-order.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** The state machine of orders, with the events of every change. */
    orders: OrdersService
    /** What other modules ask about orders, reading only (no events, no state machine). */
    orderReads: OrderReads
  }
}

declare module '../../kernel/events.js' {
  interface DomainEvents {
    /** Inside the transaction that pays it: grants, the rows sent later (ads, nota fiscal). */
    'order.paid': { order: OrderRow; lines: OrderLineRow[]; once: ReadsOnce }
    /** A paid order refunded (by the owner, the buyer's withdrawal or the provider). */
    'order.refunded': { order: OrderRow }
    /** An unpaid order cancelled: by hand, expired, or its charge could not be made. */
    'order.cancelled': { order: OrderRow }
    /** Guest orders that became an account's (its e-mail proved, or e-mail and WhatsApp). */
    'order.claimed': { orderIds: string[]; userId: string }
    /** After a payment, refund or cancellation committed: the figures of sales moved. */
    'sales.changed': SalesChange
  }
  interface DomainEventResults {
    /** What the payment handed the buyer (or, for a clube cycle, the period it opened), for her receipt. */
    'order.paid': Exclude<PaidReport, void>
  }
}

export const ordersModule = defineModule({
  name: 'orders',
  needs: ['messaging'],
  provides: ['orders', 'orderReads'],
  build: ({ db, log, events }, { messaging }) => {
    const orderReads = createOrderReads(db)
    const orders = createOrdersService(db, {
      log,
      reads: orderReads,
      notices: messaging.notices,
      events,
    })
    return { orders, orderReads }
  },
  routes: ordersRoutes,
  jobs: startOrderJobs,
  close: ({ orders }) => orders.drain(),
})
