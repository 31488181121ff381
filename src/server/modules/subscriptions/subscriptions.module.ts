import { handle } from '../../kernel/events.js'
import { defineModule } from '../../kernel/module.js'
import { orderEffectHandlers, type OrderRow } from '../orders/orders.service.js'
import { clubeOrderEffects } from './clube-grants.js'
import { createPlanImages } from './plan-image.service.js'
import { createPlansService, type PlanRow, type PlansService } from './plans.service.js'
import { startSubscriptionJobs } from './subscriptions.jobs.js'
import { subscriptionsRoutes } from './subscriptions.routes.js'
import { createSubscriptionsService, type SubscriptionsService } from './subscriptions.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** The clube's plans: price, interval and what each opens. */
    plans: PlansService
    /** The clube's subscriptions, their renewals and cancellations. */
    subscriptions: SubscriptionsService
  }
}

declare module '../../kernel/events.js' {
  interface DomainEvents {
    /** The owner saved a plan with a new price: its subscribers are told before it is charged. */
    'plan.price_changed': { plan: PlanRow }
    /** The payer's bank refused a PIX Automático debit of this cycle's (still pending) order. */
    'debit.refused': { order: OrderRow }
  }
}

/** The clube: plans on sale, subscriptions renewed by PIX or PIX Automático. */
export const subscriptionsModule = defineModule({
  name: 'subscriptions',
  needs: [
    'settings',
    'catalog',
    'orders',
    'payments',
    'accounts',
    'purchases',
    'refunds',
    'messaging',
    'limiter',
  ],
  provides: ['plans', 'subscriptions'],
  build: ({ db, deps, log, clock, events }, s) => {
    const plans = createPlansService({
      db,
      settings: s.settings,
      onSale: () => s.catalog.listActive(),
      images: createPlanImages({ storage: deps.storage }),
      now: clock,
      events,
    })
    const subscriptions = createSubscriptionsService({
      db,
      plans,
      orders: s.orders,
      payments: s.payments,
      accounts: s.accounts,
      purchases: s.purchases,
      refunds: s.refunds,
      mail: s.messaging.mail,
      reminders: s.messaging.reminders,
      whatsapp: s.messaging.whatsapp,
      settings: s.settings,
      limiter: s.limiter,
      log,
      now: clock,
    })
    return { plans, subscriptions }
  },
  handles: ({ subscriptions, purchases, catalog }, { clock }) => [
    // A cycle's payment grants its period's materials as purchases: the modules that follow
    // the purchases (Canva links, stamping) run after this.
    ...orderEffectHandlers(
      clubeOrderEffects({ purchases, onSale: () => catalog.listActive(), now: clock }),
      { after: ['purchases'] },
    ),
    handle({
      event: 'plan.price_changed',
      phase: 'committed',
      run: async ({ plan }) => void (await subscriptions.priceChanged(plan)),
    }),
    // That cycle is sent a PIX instead.
    handle({
      event: 'debit.refused',
      phase: 'committed',
      run: ({ order }) => subscriptions.debitRefused(order),
    }),
  ],
  routes: subscriptionsRoutes,
  jobs: startSubscriptionJobs,
})
