import { defineModule } from '../../kernel/module.js'
import { createAdminSettings, type AdminSettings } from './admin-settings.service.js'
import { adminRoutes } from './admin.routes.js'
import { createOrderStatusChanger, type OrderStatusService } from './order-status.service.js'
import { createAdminReports, type AdminReports } from './reports.read-model.js'

declare module '../../kernel/services.js' {
  interface Services {
    adminSettings: AdminSettings
    adminReports: AdminReports
    changeOrderStatus: OrderStatusService
  }
}

/** The admin's own screens: settings, the orders' and overview's figures, status changes. */
export const adminModule = defineModule({
  name: 'admin',
  needs: ['settings', 'orders', 'refunds'],
  provides: ['adminSettings', 'adminReports', 'changeOrderStatus'],
  build: ({ db, deps }, { settings, orders, refunds }) => {
    const adminReports = createAdminReports(db, orders)
    return {
      adminReports,
      adminSettings: createAdminSettings(settings, {
        allowPrivateIntegrations: deps.config.allowPrivateIntegrations,
      }),
      changeOrderStatus: createOrderStatusChanger({
        orders,
        reports: adminReports,
        refund: (id, moneyReturned) => refunds.refundByAdmin(id, { reason: '', moneyReturned }),
      }),
    }
  },
  routes: adminRoutes,
})
