import type { FastifyRequest } from 'fastify'
import type { App } from '../app-types.js'
import { AppError } from '../errors.js'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Refuses a state-changing request that a browser sent from another site's page (CSRF), on
 * top of SameSite=Lax cookies. Browsers always send Origin on such requests; a request without
 * one comes from a server (a payment webhook) or a tool, which carries no victim's cookie.
 */
export function registerOriginCheck(app: App) {
  const publicHost = app.deps.config.publicUrl ? new URL(app.deps.config.publicUrl).host : null

  app.addHook('onRequest', async (req) => {
    if (!STATE_CHANGING.has(req.method)) return
    const origin = req.headers.origin
    if (origin === undefined) return
    if (!isOwnOrigin(req, origin, publicHost)) {
      throw new AppError('forbidden', 'Origem não permitida')
    }
  })
}

/**
 * Compares hosts and ports, not schemes: behind a TLS proxy without TRUST_PROXY the server sees
 * http while the page is https, and that must not refuse every purchase. A default port counts
 * as absent on both sides. "null" (a sandboxed frame, a privacy redirect) is never our page.
 */
function isOwnOrigin(req: FastifyRequest, origin: string, publicHost: string | null): boolean {
  const from = hostOf(origin)
  if (!from) return false
  return from === hostOf(`${req.protocol}://${req.host}`) || from === publicHost
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host || null
  } catch {
    return null
  }
}
