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
import {
  BestsellerList,
  CatalogCategories,
  CatalogPage,
  CatalogQuery,
  CatalogSuggestions,
  CatalogSuggestionsQuery,
} from '../../../contracts/catalog.js'
import type { App } from '../../app-types.js'
import {
  isFresh,
  prepareJson,
  PREPARED_READ,
  queryStringOf,
  sendPrepared,
  type PreparedBody,
} from '../../lib/http.js'
import { parseOnce } from '../../lib/parse-or-throw.js'
import { preparedAnswers } from '../../lib/prepared-answers.js'
import type { CatalogService } from './catalog.service.js'

/** Distinct queries (pages, searches, categories) and products whose answers are kept. */
const PREPARED_QUERIES = 256
const PREPARED_PRODUCTS = 256

export function catalogRoutes(app: App) {
  const catalog = app.services.catalog

  // Every public read answers bytes prepared once per catalogue version and distinct query, with
  // their ETag, as /api/products does; the query and the id are parsed once per spelling.
  const pages = preparedAnswers(PREPARED_QUERIES)
  const products = preparedAnswers(PREPARED_PRODUCTS)
  const others = preparedAnswers(4)
  const catalogQuery = parseOnce(CatalogQuery, PREPARED_QUERIES)
  const productId = parseOnce(ProductIdParams, PREPARED_PRODUCTS)
  const prepared = async (
    req: FastifyRequest,
    reply: FastifyReply,
    answers: ReturnType<typeof preparedAnswers>,
    key: string,
    prepare: () => Promise<PreparedBody>,
  ) => sendPrepared(req, reply, await answers.get(await catalog.version(), key, prepare))
  const idOf = (req: FastifyRequest) => {
    const params = req.params as { id: string }
    return productId(params.id, params).id
  }

  // The hottest call: its bytes are prepared once per catalogue snapshot, through ProductList
  // (see catalog.service.ts), and sent as they are; Fastify serialises only objects.
  app.get(
    '/api/products',
    { schema: { response: { 200: ProductList } }, config: PREPARED_READ },
    async (req, reply) => sendPrepared(req, reply, await catalog.listActiveJson()),
  )

  // The storefront's grid: a page of light cards, searched and filtered here (decision 021).
  // CatalogQuery is parsed by `catalogQuery` (once per query string), not by Fastify's schema.
  app.get(
    '/api/catalog',
    { schema: { response: { 200: CatalogPage } }, config: PREPARED_READ },
    async (req, reply) => {
      const query = catalogQuery(queryStringOf(req.url), req.query)
      // Every part of the parsed query: two spellings of one query share an answer.
      const key = JSON.stringify(query)
      return prepared(req, reply, pages, key, async () =>
        prepareJson(CatalogPage, await catalog.page(query)),
      )
    },
  )

  // The search box's proposals, per catalogue version and distinct words, as the pages.
  const suggestionsQuery = parseOnce(CatalogSuggestionsQuery, PREPARED_QUERIES)
  app.get(
    '/api/catalog/suggestions',
    { schema: { response: { 200: CatalogSuggestions } }, config: PREPARED_READ },
    async (req, reply) => {
      const { q } = suggestionsQuery(queryStringOf(req.url), req.query)
      return prepared(req, reply, pages, `suggestions\n${q}`, async () =>
        prepareJson(CatalogSuggestions, await catalog.suggestions(q)),
      )
    },
  )

  app.get(
    '/api/catalog/categories',
    { schema: { response: { 200: CatalogCategories } }, config: PREPARED_READ },
    async (req, reply) =>
      prepared(req, reply, others, 'categories', async () =>
        prepareJson(CatalogCategories, await catalog.categories()),
      ),
  )

  app.get(
    '/api/products/bestsellers',
    { schema: { response: { 200: BestsellerList } }, config: PREPARED_READ },
    async (req, reply) =>
      prepared(req, reply, others, 'bestsellers', async () =>
        prepareJson(BestsellerList, await catalog.bestsellers()),
      ),
  )

  // ProductIdParams is parsed by `idOf` (once per spelling), not by Fastify's schema.
  app.get(
    '/api/products/:id',
    { schema: { response: { 200: Product } }, config: PREPARED_READ },
    async (req, reply) => {
      const id = idOf(req)
      return prepared(req, reply, products, `${id}`, async () =>
        prepareJson(Product, await catalog.getActive(id)),
      )
    },
  )

  // Older clients' fallback path for the product page; same rules, wrapped answer.
  app.get(
    '/api/emergency/:id',
    { schema: { response: { 200: EmergencyProductAnswer } }, config: PREPARED_READ },
    async (req, reply) => {
      const id = idOf(req)
      return prepared(req, reply, products, `emergency ${id}`, async () =>
        prepareJson(EmergencyProductAnswer, {
          success: true as const,
          product: await catalog.getActive(id),
        }),
      )
    },
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
