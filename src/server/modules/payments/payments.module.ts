import { handle } from '../../kernel/events.js'
import { defineModule } from '../../kernel/module.js'
import { paymentsRoutes } from './payments.routes.js'
import { createPaymentsService, type PaymentsService } from './payments.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    payments: PaymentsService
  }
}

/** The one payment pipeline: PIX providers, their webhooks and re-checks. */
export const paymentsModule = defineModule({
  name: 'payments',
  needs: ['settings', 'orders', 'providerFailures'],
  provides: ['payments'],
  build: ({ deps, log, nowMs, events }, { settings, orders, providerFailures }) => ({
    payments: createPaymentsService({
      config: deps.config,
      settings,
      orders,
      log,
      now: nowMs,
      failures: providerFailures,
      events,
    }),
  }),
  // A closed order's charge is voided at the provider, after the commit: a late payment of an
  // order that is no longer for sale is refused there, not taken.
  handles: ({ payments }) => [
    handle({
      event: 'order.cancelled',
      phase: 'committed',
      run: ({ order }) => payments.voidClosedCharge(order),
    }),
    handle({
      event: 'order.refunded',
      phase: 'committed',
      run: ({ order }) => payments.voidClosedCharge(order),
    }),
  ],
  routes: paymentsRoutes,
  started: (app) => {
    for (const warning of app.services.payments.providers.startupWarnings()) app.log.warn(warning)
  },
})
