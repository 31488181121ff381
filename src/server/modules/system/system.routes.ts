import { sql } from 'drizzle-orm'
import type { App } from '../../app.js'

export function systemRoutes(app: App) {
  const { database } = app.deps

  app.get('/healthz', async (_req, reply) => {
    try {
      await database.db.execute(sql`select 1`)
      return { status: 'ok', database: database.kind }
    } catch (error) {
      app.log.error({ err: error }, 'health check failed')
      return reply.code(503).send({ message: 'Banco de dados indisponível' })
    }
  })

  // The header's padlock: HTTPS, or a loopback address browsers also treat as secure.
  app.get('/api/security/status', async (req) => {
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(req.hostname)
    return { secure: req.protocol === 'https' || loopback, https: req.protocol === 'https' }
  })
}
