import { sql } from 'drizzle-orm'
import { ErrorAnswer } from '../../../contracts/errors.js'
import { HealthAnswer, ReadyAnswer, SecurityStatus } from '../../../contracts/system.js'
import type { App } from '../../app-types.js'
import { securityStatusOf } from '../../http/security-status.js'

import type { ReadinessCheck } from '../../kernel/module.js'

const CHECK_TIMEOUT_MS = 2_000

/** Resolves 'ok' or 'failed' within the timeout: a hung service is a failed one. */
async function probe(check: () => Promise<unknown>): Promise<'ok' | 'failed'> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'failed'>((resolve) => {
    timer = setTimeout(() => resolve('failed'), CHECK_TIMEOUT_MS)
  })
  try {
    return await Promise.race([check().then(() => 'ok' as const), timeout])
  } catch {
    return 'failed'
  } finally {
    clearTimeout(timer)
  }
}

export function systemRoutes(app: App, readiness: ReadinessCheck[] = []) {
  const { database } = app.deps

  // Alive, and its database answers (DESIGN.md): what a load balancer or uptime check asks.
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

  // Whether to send it traffic: every service it needs answers, and it is not shutting down.
  app.get(
    '/readyz',
    { schema: { response: { 200: ReadyAnswer, 503: ReadyAnswer } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store')
      const results = await Promise.all([
        probe(() => database.db.execute(sql`select 1`)).then((r) => ['database', r] as const),
        ...readiness.map(({ name, check }) => probe(check).then((r) => [name, r] as const)),
      ])
      const checks = Object.fromEntries(results)
      const failed = results.filter(([, r]) => r === 'failed').map(([name]) => name)
      if (app.lifecycle.draining) {
        return reply
          .code(503)
          .send({ status: 'shutting_down' as const, message: 'Servidor reiniciando', checks })
      }
      if (failed.length > 0) {
        app.log.error({ failed }, 'readiness check failed')
        return reply.code(503).send({
          status: 'unavailable' as const,
          message: `Indisponível: ${failed.join(', ')}`,
          checks,
        })
      }
      return { status: 'ok' as const, checks }
    },
  )

  app.get('/api/security/status', { schema: { response: { 200: SecurityStatus } } }, async (req) =>
    securityStatusOf(req),
  )
}
