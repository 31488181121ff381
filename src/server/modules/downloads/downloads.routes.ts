import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  DownloadAnswer,
  DownloadProductParams,
  DownloadQuery,
  DownloadTokenParams,
  GuestCredentials,
  GuestDownloadBody,
  GuestPurchasesAnswer,
} from '../../../contracts/downloads.js'
import { OrderIdParams } from '../../../contracts/checkout.js'
import type { App } from '../../app-types.js'
import type { Requester } from './downloads.service.js'
import { sendFile } from './send-file.js'
import { sendZip } from './send-zip.js'

/** Downloads (SPEC.md section 7): ask for one (quota), look purchases up, follow a signed link. */
export function downloadsRoutes(app: App) {
  const { downloads, customer, sessions, guestAccess } = app.services
  const { storage } = app.deps

  /** Answers name a buyer's links and purchases: never kept by any cache. */
  function requester(req: FastifyRequest<{ Querystring: DownloadQuery }>, reply: FastifyReply) {
    reply.header('cache-control', 'private, no-store')
    return { ip: req.ip, withData: req.query.data !== '0' } satisfies Requester
  }

  app.post(
    '/api/user/download/:productId',
    {
      schema: {
        params: DownloadProductParams,
        querystring: DownloadQuery,
        response: { 200: DownloadAnswer },
      },
    },
    async (req, reply) => {
      const { userId } = await sessions.viewerOf(req)
      return downloads.forAccount(req.params.productId, userId, requester(req, reply))
    },
  )

  app.post(
    '/api/guest-download',
    {
      schema: {
        body: GuestDownloadBody,
        querystring: DownloadQuery,
        response: { 200: DownloadAnswer },
      },
    },
    async (req, reply) =>
      downloads.forGuest(req.body, requester(req, reply), await guestAccess.emailOf(req)),
  )

  app.post(
    '/api/guest-purchases',
    { schema: { body: GuestCredentials, response: { 200: GuestPurchasesAnswer } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      return customer.guestPurchases(req.body, req.ip)
    },
  )

  // 'Baixar tudo': the order's files in one ZIP, for her account or her browser's guest access
  // (a code, or the receipt's e-mailed link): a plain link the browser saves, so no JSON.
  app.get(
    '/api/orders/:id/download-all',
    { schema: { params: OrderIdParams } },
    async (req, reply) => {
      const { userId } = await sessions.viewerOf(req)
      const zip = await downloads.zipOf(req.params.id, {
        userId,
        guestEmail: await guestAccess.emailOf(req),
        ip: req.ip,
      })
      return sendZip(req, reply, storage, zip)
    },
  )

  // HEAD is its own route: Fastify's automatic one would read the whole file to discard it.
  // The file's bytes (200/206, or a bodiless HEAD) have no JSON schema; errors, 416 included,
  // are ErrorAnswers like everywhere.
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
