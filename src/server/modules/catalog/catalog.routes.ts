import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  AdditionalImageParams,
  ImageQuery,
  ProductIdParams,
  RelatedBody,
} from '../../../contracts/products.js'
import type { App } from '../../app.js'
import { isFresh, sendPrepared } from '../../lib/http.js'
import type { CatalogService } from './catalog.service.js'

export function catalogRoutes(app: App) {
  const catalog = app.services.catalog

  app.get('/api/products', async (req, reply) =>
    sendPrepared(req, reply, await catalog.listActiveJson()),
  )

  app.get('/api/products/bestsellers', async () => catalog.bestsellers())

  app.get('/api/products/:id', { schema: { params: ProductIdParams } }, async (req) =>
    catalog.getActive(req.params.id),
  )

  // Older clients' fallback path for the product page; same rules, wrapped answer.
  app.get('/api/emergency/:id', { schema: { params: ProductIdParams } }, async (req) => ({
    success: true,
    product: await catalog.getActive(req.params.id),
  }))

  app.post('/api/products/related', { schema: { body: RelatedBody } }, async (req) =>
    catalog.related(req.body.cartProductIds),
  )

  const imageSchema = { params: ProductIdParams, querystring: ImageQuery }
  app.get('/api/products/:id/image', { schema: imageSchema }, async (req, reply) =>
    sendImage(req, reply, await catalog.image(req.params.id, 0, req.query.size, 'full')),
  )
  app.get('/api/products/:id/image-fast', { schema: imageSchema }, async (req, reply) =>
    sendImage(req, reply, await catalog.image(req.params.id, 0, req.query.size, 'card')),
  )
  app.get(
    '/api/products/:id/additional-image/:index',
    { schema: { params: AdditionalImageParams, querystring: ImageQuery } },
    async (req, reply) =>
      sendImage(
        req,
        reply,
        await catalog.image(req.params.id, req.params.index + 1, req.query.size, 'full'),
      ),
  )
}

type ImageAnswer = Awaited<ReturnType<CatalogService['image']>>

function sendImage(req: FastifyRequest, reply: FastifyReply, image: ImageAnswer) {
  const version = (req.query as { v?: string }).v
  // A URL carrying the image's own hash never changes meaning: cache it for a year.
  const cacheControl =
    version === image.hash ? 'public, max-age=31536000, immutable' : 'public, max-age=86400'
  reply.header('etag', image.etag).header('cache-control', cacheControl)
  if (isFresh(req, image.etag)) return reply.code(304).send()
  return reply.type('image/webp').header('content-length', image.length).send(image.open())
}
