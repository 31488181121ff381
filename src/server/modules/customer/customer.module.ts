import { defineModule } from '../../kernel/module.js'
import { customerRoutes } from './customer.routes.js'
import { skillsReportRoutes } from './skills-report.routes.js'
import { createCustomerService, type CustomerService } from './customer.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** 'Meus materiais' and 'Meus pedidos'. */
    customer: CustomerService
  }
}

export const customerModule = defineModule({
  name: 'customer',
  needs: [
    'purchases',
    'products',
    'orders',
    'canvaLinks',
    'refunds',
    'invoices',
    'bncc',
    'limiter',
  ],
  provides: ['customer'],
  build: (_ctx, services) => ({ customer: createCustomerService(services) }),
  routes: (app, ctx) => {
    customerRoutes(app)
    skillsReportRoutes(app, ctx)
  },
})
