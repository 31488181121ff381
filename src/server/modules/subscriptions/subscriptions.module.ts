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
    'terms',
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
      onSale: () => s.catalog.listActive(),
      refunds: s.refunds,
      mail: s.messaging.mail,
      reminders: s.messaging.reminders,
      whatsapp: s.messaging.whatsapp,
      settings: s.settings,
      limiter: s.limiter,
      terms: s.terms,
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
    // A material put on sale in what a plan opens reaches its open periods at once (after the
    // catalogue, which is what says it is on sale).
    handle({
      event: 'product.changed',
      phase: 'committed',
      after: ['catalog'],
      run: async ({ productIds }) => void (await subscriptions.grantNewMaterials(productIds)),
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
