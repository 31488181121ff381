import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  AdditionalImageParams,
  EmergencyProductAnswer,
  ImageQuery,
  Product,
  ProductIdParams,
  ProductList,
  RelatedBody,
} from '../../../contracts/products.js'
import { CatalogCategories, CatalogPage, CatalogQuery } from '../../../contracts/catalog.js'
import type { App } from '../../app-types.js'
import { isFresh, sendPrepared } from '../../lib/http.js'
import type { CatalogService } from './catalog.service.js'

export function catalogRoutes(app: App) {
  const catalog = app.services.catalog

  // The hottest call: its bytes are prepared once per catalogue snapshot, through ProductList
  // (see catalog.service.ts), and sent as they are; Fastify serialises only objects.
  app.get('/api/products', { schema: { response: { 200: ProductList } } }, async (req, reply) =>
    sendPrepared(req, reply, await catalog.listActiveJson()),
  )

  // The storefront's grid: a page of light cards, searched and filtered here (decision 021).
  app.get(
    '/api/catalog',
    { schema: { querystring: CatalogQuery, response: { 200: CatalogPage } } },
    async (req) => catalog.page(req.query),
  )

  app.get(
    '/api/catalog/categories',
    { schema: { response: { 200: CatalogCategories } } },
    async () => catalog.categories(),
  )

  app.get('/api/products/bestsellers', { schema: { response: { 200: ProductList } } }, async () =>
    catalog.bestsellers(),
  )

  app.get(
    '/api/products/:id',
    { schema: { params: ProductIdParams, response: { 200: Product } } },
    async (req) => catalog.getActive(req.params.id),
  )

  // Older clients' fallback path for the product page; same rules, wrapped answer.
  app.get(
    '/api/emergency/:id',
    { schema: { params: ProductIdParams, response: { 200: EmergencyProductAnswer } } },
    async (req) => ({ success: true as const, product: await catalog.getActive(req.params.id) }),
  )

  app.post(
    '/api/products/related',
    { schema: { body: RelatedBody, response: { 200: ProductList } } },
    async (req) => catalog.related(req.body.cartProductIds),
  )

  // Images answer WebP bytes (or a bodiless 304): no JSON schema for their 200.
  const imageSchema = { params: ProductIdParams, querystring: ImageQuery }
  app.get('/api/products/:id/image', { schema: imageSchema }, async (req, reply) =>
    sendImage(req, reply, await catalog.image(req.params.id, 0, req.query.size, 'full')),
  )
  app.get('/api/products/:id/image-fast', { schema: imageSchema }, async (req, reply) =>
    sendImage(req, reply, await catalog.image(req.params.id, 0, req.query.size, 'card')),
  )
  // The link preview (og:image): a JPEG, the format every messenger's scraper takes.
  app.get('/api/products/:id/share.jpg', { schema: imageSchema }, async (req, reply) =>
    sendImage(req, reply, await catalog.shareImage(req.params.id), 'image/jpeg'),
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

function sendImage(
  req: FastifyRequest,
  reply: FastifyReply,
  image: ImageAnswer,
  type = 'image/webp',
) {
  const version = (req.query as { v?: string }).v
  // A URL carrying the image's own hash never changes meaning: cache it for a year.
  const cacheControl =
    version === image.hash ? 'public, max-age=31536000, immutable' : 'public, max-age=86400'
  reply.header('etag', image.etag).header('cache-control', cacheControl)
  if (isFresh(req, image.etag)) return reply.code(304).send()
  return reply.type(type).header('content-length', image.length).send(image.open())
}
