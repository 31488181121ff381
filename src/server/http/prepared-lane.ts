import type { FastifyReply, FastifyRequest } from 'fastify'
import type { App } from '../app-types.js'
import { enterLane, type PreparedLane } from '../lib/http.js'
import { setBaseHeaders } from './security-headers.js'

/**
 * The public reads answered with prepared bytes (routes with PREPARED_READ: the catalogue, a
 * product, the home page) skip the hooks that do nothing for them: registered first, this hook
 * sets what those hooks would set on such an answer (security headers, the draining
 * `connection: close`), runs the route's handler at once and writes its bytes; the cookies, the
 * origin check (GETs change nothing) and the onSend hooks are not run. The onResponse hooks
 * (analytics, metrics) still are. A thrown error leaves here as any hook's: the error handler
 * answers (and logs) it, with the headers already set. Only GETs: a HEAD, or an address with a
 * NUL for the invalid-bytes check to refuse, takes the whole way.
 *
 * Measured with `npm run bench -- catalog`: the hooks skipped cost about half of such a read.
 */
export function registerPreparedLane(app: App, policyOf: PreparedLane['policyOf']) {
  const lane: PreparedLane = { policyOf }
  app.addHook('onRoute', (route) => {
    if (!route.config?.preparedRead) return
    // The lane runs the handler before Fastify's validation, so there must be none to skip.
    const { querystring, params, body, headers } = route.schema ?? {}
    if (querystring || params || body || headers) {
      throw new Error(`${route.url}: a prepared read parses its own input (PREPARED_READ)`)
    }
  })
  app.addHook('onRequest', (req, reply, done) => {
    if (req.method !== 'GET') return done()
    const route = req.routeOptions
    if (route.config.preparedRead !== true || req.url.includes('%00')) return done()
    answer(app, route.handler as Handler, req, reply, lane).then(() => done(), done)
  })
}

type Handler = (this: App, req: FastifyRequest, reply: FastifyReply) => unknown

async function answer(
  app: App,
  handler: Handler,
  req: FastifyRequest,
  reply: FastifyReply,
  lane: PreparedLane,
) {
  setBaseHeaders(req, reply)
  if (app.lifecycle.draining) reply.header('connection', 'close')
  enterLane(reply, lane)
  const result = await handler.call(app, req, reply)
  // A handler that answered otherwise (reply.send, a returned value): finished as Fastify would.
  if (!reply.sent && result !== reply && result !== undefined) await reply.send(result)
  else if (!reply.sent) await reply
}
