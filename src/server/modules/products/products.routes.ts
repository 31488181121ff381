import fastifyMultipart from '@fastify/multipart'
import type { FastifyError, FastifyRequest } from 'fastify'
import { ToggleBody } from '../../../contracts/admin.js'
import {
  Base64ProductCreated,
  PRODUCT_MESSAGES,
  ProductCreateFields,
  ProductCreated,
  ProductEditFields,
  ProductEdited,
  ProductRemoved,
  ProductToggled,
  UPLOAD_LIMITS,
} from '../../../contracts/product-form.js'
import { ProductIdParams } from '../../../contracts/products.js'
import { BulkTagsAnswer, BulkTagsBody } from '../../../contracts/product-tags.js'
import type { App } from '../../app-types.js'
import { AppError } from '../../errors.js'
import { parseOrThrow } from '../../lib/parse-or-throw.js'
import { testUploadRoutes } from './test-upload.routes.js'
import { Base64Files, stageBase64 } from './base64-upload.js'
import { discardRestOfBody, readProductMultipart } from './multipart-upload.js'
import type { StagedUpload } from './staged-upload.js'

/**
 * Product writes (SPEC.md section 7). Registered inside the admin scope: the guard answers
 * 401/403 before a single byte of an upload is read.
 */
export async function productWriteRoutes(scope: App) {
  const { products } = scope.services
  const { maxUploadBytes } = scope.deps.config
  await scope.register(fastifyMultipart, {
    // One more byte than allowed, so our own check (with its message) is the one that fires.
    limits: { fileSize: maxUploadBytes + 1, files: 40, fields: 50, parts: 100 },
  })
  // The diagnostics pages' upload probe reads multipart forms with the same parser.
  testUploadRoutes(scope)

  /** Runs `work` on a fresh staging folder, which is always removed afterwards. */
  async function withStaging<T>(
    req: FastifyRequest,
    mode: 'create' | 'edit',
    work: (staged: StagedUpload) => Promise<T>,
  ): Promise<T> {
    const staged = await products.stage(mode)
    try {
      return await work(staged)
    } catch (error) {
      discardRestOfBody(req)
      throw error
    } finally {
      await staged.discard()
    }
  }

  // The form's fields are parsed after the files are staged, so not by the route's schema.
  scope.post(
    '/api/products',
    { schema: { response: { 201: ProductCreated } } },
    async (req, reply) => {
      const created = await withStaging(req, 'create', async (staged) => {
        const fields = await readProductMultipart(req, staged)
        return products.create(parseOrThrow(ProductCreateFields, fields), staged)
      })
      return reply.code(201).send(created)
    },
  )

  const base64Options = {
    bodyLimit: UPLOAD_LIMITS.base64BodyBytes,
    schema: { body: Base64Files, response: { 201: Base64ProductCreated } },
    errorHandler(error: FastifyError) {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new AppError('payload_too_large', PRODUCT_MESSAGES.base64TooLarge)
      }
      throw error
    },
  }
  for (const url of ['/api/products/base64', '/api/products/base64-multiple']) {
    scope.post(url, base64Options, async (req, reply) => {
      const product = parseOrThrow(ProductCreateFields, req.body)
      const created = await withStaging(req, 'create', async (staged) => {
        await stageBase64(req.body, staged)
        return products.create(product, staged)
      })
      return reply.code(201).send({ product: created, ...created })
    })
  }

  const editSchema = { params: ProductIdParams, response: { 200: ProductEdited } }
  scope.put('/api/products/:id', { schema: editSchema }, async (req) => {
    // Text-only edits sent as JSON are taken too, as by update-json.
    if (!req.isMultipart()) {
      await products.update(req.params.id, parseOrThrow(ProductEditFields, req.body ?? {}))
      return products.findView(req.params.id)
    }
    await withStaging(req, 'edit', async (staged) => {
      const fields = await readProductMultipart(req, staged)
      await products.update(req.params.id, parseOrThrow(ProductEditFields, fields), staged)
    })
    return products.findView(req.params.id)
  })

  scope.put('/api/products/:id/update-json', { schema: editSchema }, async (req) => {
    await products.update(req.params.id, parseOrThrow(ProductEditFields, req.body ?? {}))
    return products.findView(req.params.id)
  })

  scope.delete(
    '/api/products/:id',
    { schema: { params: ProductIdParams, response: { 200: ProductRemoved } } },
    async (req) => {
      const result = await products.remove(req.params.id)
      return { success: true as const, ...result }
    },
  )

  scope.post(
    '/api/admin/products/tags',
    { schema: { body: BulkTagsBody, response: { 200: BulkTagsAnswer } } },
    async (req) => ({ updated: await products.tagMany(req.body) }),
  )

  scope.put(
    '/api/admin/products-light/:id/toggle',
    {
      schema: {
        params: ProductIdParams,
        body: ToggleBody.nullish(),
        response: { 200: ProductToggled },
      },
    },
    async (req) => products.setActive(req.params.id, req.body?.isActive),
  )
}
