import { defineModule } from '../../kernel/module.js'
import { orderEffectHandlers } from '../orders/orders.service.js'
import { createNotaProviders } from './providers/nota-registry.js'
import { startInvoiceJobs } from './invoices.jobs.js'
import { invoicesRoutes } from './invoices.routes.js'
import { createInvoicesService, type InvoicesService } from './invoices.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** The nota fiscal of each paid order, issued and cancelled by the chosen provider. */
    invoices: InvoicesService
  }
}

export const invoicesModule = defineModule({
  name: 'invoices',
  needs: ['settings', 'orderReads', 'messaging'],
  provides: ['invoices'],
  build: ({ db, deps, log }, { settings, orderReads, messaging }) => ({
    invoices: createInvoicesService({
      db,
      settings,
      orders: orderReads,
      notas: createNotaProviders(deps.config, settings),
      mail: messaging.mail,
      log,
      now: deps.now,
    }),
  }),
  // Its row is written in the transaction that pays the order; the worker issues it.
  handles: ({ invoices }) =>
    orderEffectHandlers(invoices.orderEffects, { after: ['purchases', 'subscriptions'] }),
  routes: invoicesRoutes,
  jobs: startInvoiceJobs,
})
