import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  AdminPlan,
  AdminSubscription,
  CancelSubscriptionAnswer,
  CancelSubscriptionBody,
  ClubeFigures,
  PlanIdParams,
  ProductPlans,
  PublicPlan,
  SubscribeAnswer,
  SubscribeBody,
  SubscriptionIdParams,
  SubscriptionView,
} from '../../../contracts/subscriptions.js'
import type { App } from '../../app-types.js'
import { adminScope } from '../../http/admin-scope.js'
import { cartSessionOf } from '../../http/cart-session.js'
import type { OrderAsker } from '../orders/orders.service.js'

/** The clube: public plans, subscribing and cancelling, and the admin's 'Clube' tab. */
export async function subscriptionsRoutes(app: App) {
  const { plans, subscriptions, sessions, guestAccess } = app.services

  async function askerOf(req: FastifyRequest, reply: FastifyReply): Promise<OrderAsker> {
    const viewer = await sessions.viewerOf(req)
    reply.header('cache-control', 'private, no-store')
    return {
      userId: viewer.userId,
      role: viewer.role,
      cartSessionId: cartSessionOf(req, reply),
      guestEmail: await guestAccess.emailOf(req),
    }
  }

  app.get('/api/plans', { schema: { response: { 200: z.array(PublicPlan) } } }, () =>
    plans.publicList(),
  )
  app.get(
    '/api/plans/for-product/:id',
    { schema: { params: PlanIdParams, response: { 200: ProductPlans } } },
    (req) => plans.includingProduct(req.params.id),
  )

  app.post(
    '/api/subscriptions',
    { schema: { body: SubscribeBody, response: { 201: SubscribeAnswer } } },
    async (req, reply) => {
      const viewer = await sessions.viewerOf(req)
      const answer = await subscriptions.subscribe({
        ...req.body,
        viewer,
        sessionId: cartSessionOf(req, reply),
        ip: req.ip,
      })
      return reply.code(201).send(answer)
    },
  )

  app.get(
    '/api/subscriptions/mine',
    { schema: { response: { 200: z.array(SubscriptionView) } } },
    async (req, reply) => {
      const asker = await askerOf(req, reply)
      if (asker.userId) return subscriptions.mine({ userId: asker.userId })
      if (asker.guestEmail) return subscriptions.mine({ email: asker.guestEmail })
      return []
    },
  )

  app.post(
    '/api/subscriptions/:id/cancel',
    {
      schema: {
        params: SubscriptionIdParams,
        body: CancelSubscriptionBody,
        response: { 200: CancelSubscriptionAnswer },
      },
    },
    async (req, reply) =>
      subscriptions.cancel(req.params.id, await askerOf(req, reply), {
        withdraw: req.body.withdraw,
      }),
  )

  await adminScope(app, async (scope) => {
    scope.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store')
    })
    scope.get('/api/admin/plans', { schema: { response: { 200: z.array(AdminPlan) } } }, () =>
      plans.list(),
    )
    scope.post(
      '/api/admin/plans',
      { schema: { body: z.unknown(), response: { 201: AdminPlan } } },
      async (req, reply) => reply.code(201).send(await plans.create(req.body)),
    )
    scope.put(
      '/api/admin/plans/:id',
      { schema: { params: PlanIdParams, body: z.unknown(), response: { 200: AdminPlan } } },
      async (req) => plans.update(req.params.id, req.body),
    )
    scope.delete(
      '/api/admin/plans/:id',
      { schema: { params: PlanIdParams, response: { 200: z.object({ deleted: z.boolean() }) } } },
      async (req) => plans.remove(req.params.id),
    )
    scope.get(
      '/api/admin/subscriptions',
      { schema: { response: { 200: z.array(AdminSubscription) } } },
      () => subscriptions.adminList(),
    )
    scope.post(
      '/api/admin/subscriptions/:id/cancel',
      { schema: { params: SubscriptionIdParams, response: { 200: CancelSubscriptionAnswer } } },
      async (req, reply) =>
        subscriptions.cancel(req.params.id, await askerOf(req, reply), { byAdmin: true }),
    )
    scope.post(
      '/api/admin/subscriptions/:id/free-period',
      { schema: { params: SubscriptionIdParams, response: { 200: AdminSubscription } } },
      async (req) => subscriptions.freePeriod(req.params.id),
    )
    scope.get('/api/admin/clube/figures', { schema: { response: { 200: ClubeFigures } } }, () =>
      subscriptions.figures(),
    )
  })
}
