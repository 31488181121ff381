import { NotifyUpdateAnswer, NotifyUpdateBody } from '../../../contracts/product-updates.js'
import { ProductIdParams } from '../../../contracts/reviews.js'
import type { App } from '../../app-types.js'
import { adminScope } from '../../http/admin-scope.js'

/** 'Avisar compradores' after the owner replaced a product's files; behind the one guard. */
export function productUpdatesRoutes(app: App) {
  return adminScope(app, (scope) => {
    const { productUpdates } = scope.services
    scope.post(
      '/api/admin/products/:id/notify-update',
      {
        schema: {
          params: ProductIdParams,
          body: NotifyUpdateBody,
          response: { 200: NotifyUpdateAnswer },
        },
      },
      // The buyers are told by the background job (product-updates.jobs.ts), within a minute.
      (req) => productUpdates.announce(req.params.id, req.body.note),
    )
  })
}
