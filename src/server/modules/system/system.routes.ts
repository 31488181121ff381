import { sql } from 'drizzle-orm'
import { ErrorAnswer } from '../../../contracts/errors.js'
import { HealthAnswer, SecurityStatus } from '../../../contracts/system.js'
import type { App } from '../../app-types.js'

export function systemRoutes(app: App) {
  const { database } = app.deps

  app.get(
    '/healthz',
    { schema: { response: { 200: HealthAnswer, 503: ErrorAnswer } } },
    async (_req, reply) => {
      try {
        await database.db.execute(sql`select 1`)
        return { status: 'ok' as const, database: database.kind }
      } catch (error) {
        app.log.error({ err: error }, 'health check failed')
        return reply.code(503).send({ message: 'Banco de dados indisponível' })
      }
    },
  )

  // The header's padlock: HTTPS, or a loopback address browsers also treat as secure.
  app.get(
    '/api/security/status',
    { schema: { response: { 200: SecurityStatus } } },
    async (req) => {
      const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(req.hostname)
      return { secure: req.protocol === 'https' || loopback, https: req.protocol === 'https' }
    },
  )
}
