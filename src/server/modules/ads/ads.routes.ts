import { AdsStatus } from '../../../contracts/ads.js'
import type { App } from '../../app-types.js'
import { adminScope } from '../../http/admin-scope.js'

export function adsRoutes(app: App) {
  return adminScope(app, (scope) => {
    scope.get(
      '/api/admin/ads/status',
      { schema: { response: { 200: AdsStatus } } },
      async (_req, reply) => {
        reply.header('cache-control', 'no-store')
        return scope.services.ads.status()
      },
    )
  })
}
