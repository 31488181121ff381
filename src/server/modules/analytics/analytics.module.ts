import { defineModule } from '../../kernel/module.js'
import { analyticsRoutes } from './analytics.routes.js'
import { createFunnelService, type FunnelService } from './funnel.service.js'
import { createSalesReport, type SalesReport } from './sales.read-model.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** The shop's funnel, counted without cookies. */
    funnel: FunnelService
    /** The sales dashboard's figures and the orders' CSV. */
    salesReport: SalesReport
  }
}

export const analyticsModule = defineModule({
  name: 'analytics',
  needs: [],
  provides: ['funnel', 'salesReport'],
  build: ({ db, log, deps }) => {
    const funnel = createFunnelService({ db, log, now: deps.now })
    return { funnel, salesReport: createSalesReport(db, funnel) }
  },
  routes: analyticsRoutes,
  close: ({ funnel }) => funnel.drain(),
})
