import { StampFallbacksAnswer } from '../../../contracts/stamping.js'
import type { App } from '../../app-types.js'
import { adminScope } from '../../http/admin-scope.js'

/** What the admin sees of stamping: the copies delivered without a stamp, and why. */
export function stampingRoutes(app: App) {
  return adminScope(app, async (scope) => {
    const { stamping } = scope.services
    scope.get(
      '/api/admin/stamping/fallbacks',
      { schema: { response: { 200: StampFallbacksAnswer } } },
      async (_req, reply) => {
        reply.header('cache-control', 'no-store')
        return stamping.fallbacks()
      },
    )
  })
}
