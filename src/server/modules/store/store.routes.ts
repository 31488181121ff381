import fastifyMultipart from '@fastify/multipart'
import { ERROR_FIELD_HEADER } from '../../../contracts/error-field.js'
import {
  ChecklistAnswer,
  DemoRemoveBody,
  DemoRemoved,
  LogoAnswer,
} from '../../../contracts/store.js'
import type { App } from '../../app-types.js'
import { AppError } from '../../errors.js'
import { adminScope } from '../../http/admin-scope.js'
import { hasNul, invalidBytes } from '../../http/invalid-bytes.js'
import { isFresh } from '../../lib/http.js'
import { discardRestOfBody } from '../../http/discard-body.js'
import { LOGO_MAX_BYTES } from './store-logo.service.js'

/** The store's identity and first hour: its logo, the checklist, the demo's removal. */
export async function storeRoutes(app: App) {
  const { storeLogo } = app.services

  // The header's and the e-mails' logo: its address carries its hash, so it is cached for good.
  app.get('/api/store/logo', async (req, reply) => {
    const logo = await storeLogo.read()
    if (!logo) throw new AppError('not_found', 'A loja não tem logo')
    const etag = `"${logo.hash}"`
    const version = (req.query as { v?: string }).v
    reply
      .header('etag', etag)
      .header(
        'cache-control',
        version === logo.hash ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      )
    if (isFresh(req, etag)) return reply.code(304).send()
    return reply.type('image/png').header('content-length', logo.length).send(logo.open())
  })

  await adminScope(app, async (scope) => {
    const { store } = scope.services
    scope.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store')
    })
    await scope.register(fastifyMultipart, {
      // One more byte than allowed, so our own check (with its message) is the one that fires.
      limits: { fileSize: LOGO_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 },
    })

    scope.get('/api/admin/checklist', { schema: { response: { 200: ChecklistAnswer } } }, () =>
      store.checklist(),
    )

    scope.post(
      '/api/admin/demo/remove',
      { schema: { body: DemoRemoveBody, response: { 200: DemoRemoved } } },
      (req) => store.removeDemo({ replaceTexts: req.body.replaceTexts }),
    )

    scope.post(
      '/api/admin/store/logo',
      { schema: { response: { 200: LogoAnswer } } },
      async (req) => {
        if (!req.isMultipart()) {
          throw new AppError('unsupported_media_type', 'Envie o logo como multipart/form-data')
        }
        try {
          const part = await req.file()
          if (!part || part.fieldname !== 'logo' || !part.filename) {
            part?.file.resume()
            throw new AppError('bad_request', 'Escolha a imagem do logo (campo logo)', {
              [ERROR_FIELD_HEADER]: 'logo',
            })
          }
          if (hasNul(part.filename)) throw invalidBytes()
          const bytes = await part.toBuffer().catch(() => {
            throw new AppError(
              'payload_too_large',
              `Logo grande demais: use uma imagem de até ${LOGO_MAX_BYTES / 1024 / 1024} MB`,
            )
          })
          if (bytes.length > LOGO_MAX_BYTES) {
            throw new AppError(
              'payload_too_large',
              `Logo grande demais: use uma imagem de até ${LOGO_MAX_BYTES / 1024 / 1024} MB`,
            )
          }
          return { logo: await storeLogo.upload(bytes, part.filename) }
        } catch (error) {
          discardRestOfBody(req)
          throw error
        }
      },
    )

    scope.delete('/api/admin/store/logo', async (_req, reply) => {
      await storeLogo.remove()
      return reply.code(204).send()
    })
  })
}
