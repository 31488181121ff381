import { HealthAnswer } from '../../../contracts/health.js'
import type { App } from '../../app-types.js'
import { adminScope } from '../../http/admin-scope.js'

/** 'Saúde da loja': the checks as found now (the e-mails are the job's, health.jobs.ts). */
export function healthRoutes(app: App) {
  return adminScope(app, (scope) => {
    scope.get(
      '/api/admin/health',
      { schema: { response: { 200: HealthAnswer } } },
      async (_req, reply) => {
        reply.header('cache-control', 'private, no-store')
        return { checks: await scope.services.health.checks() }
      },
    )
  })
}
