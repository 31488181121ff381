import { z } from 'zod'
import {
  AdminAnalytics,
  AdminOrder,
  AdminOrdersQuery,
  AdminUsersQuery,
  AdminPaymentMode,
  AdminProductLight,
  AdminSetting,
  AdminUser,
  BumpStat,
  DownloadStat,
  OrderStatusBody,
  SettingBody,
  UserIdParams,
  UserRoleBody,
} from '../../../contracts/admin.js'
import { OrderIdParams } from '../../../contracts/checkout.js'
import { centsToDecimal } from '../../../contracts/money.js'
import { AdminProduct } from '../../../contracts/products.js'
import type { App } from '../../app-types.js'
import { requireSuperadmin } from '../accounts/sessions.service.js'
import { adminScope } from '../../http/admin-scope.js'

/** The admin calls of SPEC.md section 7 (product writes are the products module's), behind the one guard. */
export function adminRoutes(app: App) {
  return adminScope(app, async (scope) => {
    const { products, adminReports, adminSettings, userAdmin, changeOrderStatus, sessions } =
      scope.services
    const { payments } = scope.services
    // The admin's answers are personal and change with every write: never cached.
    scope.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store')
    })

    scope.get(
      '/api/admin/products-light',
      { schema: { response: { 200: z.array(AdminProductLight) } } },
      async () => {
        const [list, hearts] = await Promise.all([
          products.listLight(),
          scope.services.favorites.countsByProduct(),
        ])
        return list.map((p) => ({ ...p, favoritedBy: hearts.get(p.id) ?? 0 }))
      },
    )
    scope.get('/api/admin/products', { schema: { response: { 200: z.array(AdminProduct) } } }, () =>
      products.listAll(),
    )
    scope.get('/api/admin/analytics', { schema: { response: { 200: AdminAnalytics } } }, () =>
      adminReports.analytics(),
    )
    scope.get(
      '/api/admin/orders',
      { schema: { querystring: AdminOrdersQuery, response: { 200: z.array(AdminOrder) } } },
      (req) => adminReports.orders(req.query.before),
    )
    scope.get(
      '/api/admin/users',
      { schema: { querystring: AdminUsersQuery, response: { 200: z.array(AdminUser) } } },
      (req) => userAdmin.list(req.query.before),
    )
    scope.get(
      '/api/admin/downloads',
      { schema: { response: { 200: z.array(DownloadStat) } } },
      () => adminReports.downloads(),
    )
    scope.get(
      '/api/admin/order-bumps',
      { schema: { response: { 200: z.array(BumpStat) } } },
      async () => {
        const rows = await scope.services.orders.bumpsTaken()
        const names = await products.names(rows.map((r) => r.forProductId))
        return rows.map((r) => ({
          forProductId: r.forProductId,
          forProductName: names.get(r.forProductId) ?? `Produto ${r.forProductId}`,
          productId: r.productId,
          productName: r.productName,
          taken: r.taken,
          revenue: centsToDecimal(r.revenueCents),
        }))
      },
    )
    scope.get(
      '/api/admin/payment-mode',
      { schema: { response: { 200: AdminPaymentMode } } },
      async () => ({ mode: await payments.providers.mode() }),
    )
    scope.get('/api/admin/settings', { schema: { response: { 200: z.array(AdminSetting) } } }, () =>
      adminSettings.list(),
    )

    scope.put(
      '/api/admin/orders/:id/status',
      { schema: { params: OrderIdParams, body: OrderStatusBody, response: { 200: AdminOrder } } },
      async (req) =>
        changeOrderStatus(req.params.id, req.body.status, {
          moneyReturned: req.body.moneyReturned,
        }),
    )

    scope.put(
      '/api/admin/users/:id/role',
      { schema: { params: UserIdParams, body: UserRoleBody, response: { 200: AdminUser } } },
      async (req) => {
        const admin = requireSuperadmin(await sessions.viewerOf(req))
        return userAdmin.setRole(req.params.id, req.body.role, admin.userId)
      },
    )

    scope.post(
      '/api/admin/settings',
      { schema: { body: SettingBody, response: { 200: AdminSetting } } },
      async (req) => adminSettings.save(req.body.key, req.body.value),
    )
  })
}
