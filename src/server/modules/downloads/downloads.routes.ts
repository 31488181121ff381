import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  DownloadProductParams,
  DownloadQuery,
  DownloadTokenParams,
  GuestCredentials,
  GuestDownloadBody,
} from '../../../contracts/downloads.js'
import type { App } from '../../app.js'
import type { Requester } from './downloads.service.js'
import { sendFile } from './send-file.js'

/** Downloads (SPEC.md section 7): ask for one (quota), look purchases up, follow a signed link. */
export function downloadsRoutes(app: App) {
  const { downloads, sessions } = app.services
  const { storage } = app.deps

  /** Answers name a buyer's links and purchases: never kept by any cache. */
  function requester(req: FastifyRequest<{ Querystring: DownloadQuery }>, reply: FastifyReply) {
    reply.header('cache-control', 'private, no-store')
    return { ip: req.ip, withData: req.query.data !== '0' } satisfies Requester
  }

  app.post(
    '/api/user/download/:productId',
    { schema: { params: DownloadProductParams, querystring: DownloadQuery } },
    async (req, reply) => {
      const { userId } = await sessions.viewerOf(req)
      return downloads.forAccount(req.params.productId, userId, requester(req, reply))
    },
  )

  app.post(
    '/api/guest-download',
    { schema: { body: GuestDownloadBody, querystring: DownloadQuery } },
    async (req, reply) => downloads.forGuest(req.body, requester(req, reply)),
  )

  app.post('/api/guest-purchases', { schema: { body: GuestCredentials } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store')
    return downloads.guestPurchases(req.body, req.ip)
  })

  // HEAD is its own route: Fastify's automatic one would read the whole file to discard it.
  for (const method of ['GET', 'HEAD'] as const) {
    app.route({
      method,
      url: '/api/downloads/:token',
      exposeHeadRoute: false,
      schema: { params: DownloadTokenParams },
      handler: async (req, reply) =>
        sendFile(req, reply, storage, await downloads.openLink(req.params.token)),
    })
  }
}
