import { z } from 'zod'
import { AdminCoupon, CouponIdParams } from '../../../contracts/coupons.js'
import type { App } from '../../app-types.js'
import { adminScope } from '../../http/admin-scope.js'

/** The admin's coupons (the 'Cupons' tab), each with its report; behind the one guard. */
export function couponsRoutes(app: App) {
  return adminScope(app, async (scope) => {
    const { coupons } = scope.services
    scope.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store')
    })
    scope.get('/api/admin/coupons', { schema: { response: { 200: z.array(AdminCoupon) } } }, () =>
      coupons.list(),
    )
    scope.post(
      '/api/admin/coupons',
      { schema: { body: z.unknown(), response: { 201: AdminCoupon } } },
      async (req, reply) => reply.code(201).send(await coupons.create(req.body)),
    )
    scope.put(
      '/api/admin/coupons/:id',
      { schema: { params: CouponIdParams, body: z.unknown(), response: { 200: AdminCoupon } } },
      async (req) => coupons.update(req.params.id, req.body),
    )
    scope.delete(
      '/api/admin/coupons/:id',
      {
        schema: {
          params: CouponIdParams,
          response: { 200: z.object({ deleted: z.boolean() }) },
        },
      },
      async (req) => coupons.remove(req.params.id),
    )
  })
}
