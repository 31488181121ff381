import { AdminPreview, PreviewFileParams } from '../../../contracts/previews.js'
import { ProductIdParams } from '../../../contracts/products.js'
import type { App } from '../../app-types.js'
import { adminScope } from '../../http/admin-scope.js'
import { isFresh } from '../../lib/http.js'

/** The preview pages' images for everyone; their state and 'Tentar de novo' for the admin. */
export async function previewsRoutes(app: App) {
  const { previews } = app.services

  // A WebP (or a bodiless 304): no JSON schema for its 200. The name holds a hash of the bytes,
  // so an address never changes meaning: any cache may keep it for a year.
  app.get(
    '/api/previews/:productId/:name',
    { schema: { params: PreviewFileParams } },
    async (req, reply) => {
      const image = await previews.image(req.params.productId, req.params.name)
      reply
        .header('etag', image.etag)
        .header('cache-control', 'public, max-age=31536000, immutable')
      if (isFresh(req, image.etag)) return reply.code(304).send()
      return reply.type('image/webp').header('content-length', image.length).send(image.open())
    },
  )

  await adminScope(app, async (scope) => {
    const schema = { params: ProductIdParams, response: { 200: AdminPreview } }
    scope.get('/api/admin/products/:id/previews', { schema }, async (req, reply) => {
      reply.header('cache-control', 'no-store')
      return previews.adminView(req.params.id)
    })
    scope.post('/api/admin/products/:id/previews/retry', { schema }, async (req) =>
      previews.retry(req.params.id),
    )
  })
}
