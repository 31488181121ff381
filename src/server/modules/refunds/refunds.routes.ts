import { z } from 'zod'
import { OrderIdParams } from '../../../contracts/checkout.js'
import { AdminDeclineBody, AdminRefund, AdminRefundBody } from '../../../contracts/refunds.js'
import type { App } from '../../app-types.js'
import { adminScope } from '../../http/admin-scope.js'

/** The owner's refunds: 'Reembolsar', the 'Reembolsos' list and its decisions (admin only). */
export function refundsRoutes(app: App) {
  return adminScope(app, async (scope) => {
    const { refunds } = scope.services
    scope.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store')
    })

    scope.get('/api/admin/refunds', { schema: { response: { 200: z.array(AdminRefund) } } }, () =>
      refunds.list(),
    )

    scope.post(
      '/api/admin/orders/:id/refund',
      { schema: { params: OrderIdParams, body: AdminRefundBody, response: { 200: AdminRefund } } },
      async (req) => refunds.refundByAdmin(req.params.id, req.body),
    )

    scope.post(
      '/api/admin/refunds/:id/money-returned',
      { schema: { params: OrderIdParams, response: { 200: AdminRefund } } },
      async (req) => refunds.confirmMoneyReturned(req.params.id),
    )

    scope.post(
      '/api/admin/refunds/:id/decline',
      { schema: { params: OrderIdParams, body: AdminDeclineBody, response: { 200: AdminRefund } } },
      async (req) => refunds.decline(req.params.id, req.body.note),
    )
  })
}
