import {
  OrderStatusBody,
  SettingBody,
  UserIdParams,
  UserRoleBody,
} from '../../../contracts/admin.js'
import { OrderIdParams } from '../../../contracts/checkout.js'
import type { App } from '../../app.js'
import { requireSuperadmin } from '../accounts/sessions.js'
import { productWriteRoutes } from '../products/products.routes.js'
import { testUploadRoutes } from '../products/test-upload.routes.js'
import { adminScope } from './admin-scope.js'

/** Every admin call of SPEC.md section 7, and the product writes, behind the one guard. */
export function adminRoutes(app: App) {
  return adminScope(app, async (scope) => {
    const { adminCatalog, adminReports, adminSettings, userAdmin, changeOrderStatus, sessions } =
      scope.services
    // The admin's answers are personal and change with every write: never cached.
    scope.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store')
    })

    scope.get('/api/admin/products-light', () => adminCatalog.listLight())
    scope.get('/api/admin/products', () => adminCatalog.list())
    scope.get('/api/admin/analytics', () => adminReports.analytics())
    scope.get('/api/admin/orders', () => adminReports.orders())
    scope.get('/api/admin/users', () => userAdmin.list())
    scope.get('/api/admin/downloads', () => adminReports.downloads())
    scope.get('/api/admin/settings', () => adminSettings.list())

    scope.put(
      '/api/admin/orders/:id/status',
      { schema: { params: OrderIdParams, body: OrderStatusBody } },
      async (req) => changeOrderStatus(req.params.id, req.body.status),
    )

    scope.put(
      '/api/admin/users/:id/role',
      { schema: { params: UserIdParams, body: UserRoleBody } },
      async (req) => {
        const admin = requireSuperadmin(await sessions.viewerOf(req))
        return userAdmin.setRole(req.params.id, req.body.role, admin.userId)
      },
    )

    scope.post('/api/admin/settings', { schema: { body: SettingBody } }, async (req) =>
      adminSettings.save(req.body.key, req.body.value),
    )

    await productWriteRoutes(scope)
    testUploadRoutes(scope)
  })
}
