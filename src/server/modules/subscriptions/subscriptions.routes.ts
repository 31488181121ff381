import fastifyMultipart from '@fastify/multipart'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ERROR_FIELD_HEADER } from '../../../contracts/error-field.js'
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
import { AppError } from '../../errors.js'
import { discardRestOfBody } from '../../http/discard-body.js'
import { hasNul, invalidBytes } from '../../http/invalid-bytes.js'
import type { OrderAsker } from '../orders/orders.service.js'
import { PLAN_IMAGE_MAX_BYTES } from './plan-image.service.js'

const tooLarge = () =>
  new AppError(
    'payload_too_large',
    `Imagem grande demais: use uma imagem de até ${PLAN_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
  )

/** The one image of a multipart body (field `image`), as the store logo's upload reads it. */
async function imageOf(req: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  if (!req.isMultipart()) {
    throw new AppError('unsupported_media_type', 'Envie a imagem como multipart/form-data')
  }
  const part = await req.file()
  if (!part || part.fieldname !== 'image' || !part.filename) {
    part?.file.resume()
    throw new AppError('bad_request', 'Escolha a imagem do plano (campo image)', {
      [ERROR_FIELD_HEADER]: 'image',
    })
  }
  if (hasNul(part.filename)) throw invalidBytes()
  const bytes = await part.toBuffer().catch(() => {
    throw tooLarge()
  })
  if (bytes.length > PLAN_IMAGE_MAX_BYTES) throw tooLarge()
  return { bytes, fileName: part.filename }
}

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
  // A cover's address is its content's hash: it never changes, so it is cached for good. Any
  // other address is no image (404), not a malformed request: the service checks its form
  // before it looks in the storage.
  app.get(
    '/api/plans/image/:hash',
    { schema: { params: z.object({ hash: z.string() }) } },
    async (req, reply) => {
      const image = await plans.readImage(req.params.hash)
      if (!image) throw new AppError('not_found', 'Imagem não encontrada')
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-length', image.length)
        .send(image.open())
    },
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
    await scope.register(fastifyMultipart, {
      // One more byte than allowed, so our own check (with its message) is the one that fires.
      limits: { fileSize: PLAN_IMAGE_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 },
    })
    scope.post(
      '/api/admin/plans/:id/image',
      { schema: { params: PlanIdParams, response: { 200: AdminPlan } } },
      async (req) => {
        try {
          const { bytes, fileName } = await imageOf(req)
          return await plans.uploadImage(req.params.id, bytes, fileName)
        } catch (error) {
          discardRestOfBody(req)
          throw error
        }
      },
    )
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
