import type { FastifyRequest } from 'fastify'
import type { Config } from '../config.js'

type BaseUrlConfig = Pick<Config, 'publicUrl' | 'allowedHosts' | 'port'>

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/**
 * The request's own origin when its Host is one we may hand out: loopback (the owner trying the
 * store on their machine) or a host listed in ALLOWED_HOSTS. null for any other Host, which a
 * client writes as it likes (docs/decisions/010-links-never-follow-the-host-header.md).
 */
export function trustedOriginOf(config: BaseUrlConfig, req: FastifyRequest): string | null {
  const host = req.host.toLowerCase()
  const hostname = req.hostname.toLowerCase()
  const listed = config.allowedHosts.some((allowed) => allowed === host || allowed === hostname)
  return LOOPBACK.has(hostname) || listed ? `${req.protocol}://${host}` : null
}

/**
 * The one base of every absolute link we hand out (share previews, canonical, Mercado Pago's
 * return addresses): PUBLIC_URL, else a trusted request origin, else this machine.
 */
export function baseUrlOf(config: BaseUrlConfig, req: FastifyRequest): string {
  return config.publicUrl ?? trustedOriginOf(config, req) ?? `http://localhost:${config.port}`
}
