import type { FastifyRequest } from 'fastify'
import type { SecurityStatus } from '../../contracts/system.js'

/**
 * The header's padlock for this request: HTTPS, or a loopback address browsers also treat as
 * secure. One rule for `GET /api/security/status` and for the pages the server draws, which
 * carry the answer so the header is drawn in its final state (no 'Verificando...' that changes
 * size once the browser asks).
 */
export function securityStatusOf(req: FastifyRequest): SecurityStatus {
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(req.hostname)
  return { secure: req.protocol === 'https' || loopback, https: req.protocol === 'https' }
}
