import fastifyMultipart from '@fastify/multipart'
import type { FastifyError, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { ToggleBody } from '../../../contracts/admin.js'
import {
  PRODUCT_MESSAGES,
  ProductCreateFields,
  ProductEditFields,
  UPLOAD_LIMITS,
} from '../../../contracts/product-form.js'
import { ProductIdParams } from '../../../contracts/products.js'
import type { App } from '../../app.js'
import { AppError } from '../../errors.js'
import { Base64Files, stageBase64 } from './base64-upload.js'
import { discardRestOfBody, readProductMultipart } from './multipart-upload.js'
import type { StagedUpload } from './staged-upload.js'

/** The first broken rule of a product form, as the one message of a 400. */
function parseFields<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input)
  if (!parsed.success) {
    throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Dados inválidos')
  }
  return parsed.data
}

/**
 * Product writes (SPEC.md section 7). Registered inside the admin scope: the guard answers
 * 401/403 before a single byte of an upload is read.
 */
export async function productWriteRoutes(scope: App) {
  const { productWrites, adminCatalog } = scope.services
  const { maxUploadBytes } = scope.deps.config
  await scope.register(fastifyMultipart, {
    // One more byte than allowed, so our own check (with its message) is the one that fires.
    limits: { fileSize: maxUploadBytes + 1, files: 40, fields: 50, parts: 100 },
  })

  /** Runs `work` on a fresh staging folder, which is always removed afterwards. */
  async function withStaging<T>(
    req: FastifyRequest,
    mode: 'create' | 'edit',
    work: (staged: StagedUpload) => Promise<T>,
  ): Promise<T> {
    const staged = await productWrites.stage(mode)
    try {
      return await work(staged)
    } catch (error) {
      discardRestOfBody(req)
      throw error
    } finally {
      await staged.discard()
    }
  }

  scope.post('/api/products', async (req, reply) => {
    const created = await withStaging(req, 'create', async (staged) => {
      const fields = await readProductMultipart(req, staged)
      return productWrites.create(parseFields(ProductCreateFields, fields), staged)
    })
    return reply.code(201).send(created)
  })

  const base64Options = {
    bodyLimit: UPLOAD_LIMITS.base64BodyBytes,
    schema: { body: Base64Files },
    errorHandler(error: FastifyError) {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new AppError('payload_too_large', PRODUCT_MESSAGES.base64TooLarge)
      }
      throw error
    },
  }
  for (const url of ['/api/products/base64', '/api/products/base64-multiple']) {
    scope.post(url, base64Options, async (req, reply) => {
      const product = parseFields(ProductCreateFields, req.body)
      const created = await withStaging(req, 'create', async (staged) => {
        await stageBase64(req.body, staged)
        return productWrites.create(product, staged)
      })
      return reply.code(201).send({ product: created, ...created })
    })
  }

  scope.put('/api/products/:id', { schema: { params: ProductIdParams } }, async (req) => {
    // Text-only edits sent as JSON are taken too, as by update-json.
    if (!req.isMultipart()) {
      await productWrites.update(req.params.id, parseFields(ProductEditFields, req.body ?? {}))
      return adminCatalog.find(req.params.id)
    }
    await withStaging(req, 'edit', async (staged) => {
      const fields = await readProductMultipart(req, staged)
      await productWrites.update(req.params.id, parseFields(ProductEditFields, fields), staged)
    })
    return adminCatalog.find(req.params.id)
  })

  scope.put(
    '/api/products/:id/update-json',
    { schema: { params: ProductIdParams } },
    async (req) => {
      await productWrites.update(req.params.id, parseFields(ProductEditFields, req.body ?? {}))
      return adminCatalog.find(req.params.id)
    },
  )

  scope.delete('/api/products/:id', { schema: { params: ProductIdParams } }, async (req) => {
    const result = await productWrites.remove(req.params.id)
    return { success: true, ...result }
  })

  scope.put(
    '/api/admin/products-light/:id/toggle',
    { schema: { params: ProductIdParams, body: ToggleBody.nullish() } },
    async (req) => productWrites.setActive(req.params.id, req.body?.isActive),
  )
}
