import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { CanvaLinkView, CustomerOrder, CustomerPurchase } from '../../../contracts/customer.js'
import type { App } from '../../app-types.js'
import { requireUser } from '../accounts/sessions.service.js'

/** The logged-in customer's own data (SPEC.md section 7); 401 for anyone else. */
export function customerRoutes(app: App) {
  const { sessions, customer } = app.services

  /** The caller's id; their data must never sit in a shared cache (a school's proxy). */
  async function ownerOf(req: FastifyRequest, reply: FastifyReply): Promise<string> {
    reply.header('cache-control', 'private, no-store')
    return requireUser(await sessions.viewerOf(req)).userId
  }

  app.get(
    '/api/user/purchases',
    { schema: { response: { 200: z.array(CustomerPurchase) } } },
    async (req, reply) => customer.purchasesOf(await ownerOf(req, reply)),
  )
  app.get(
    '/api/user/orders',
    { schema: { response: { 200: z.array(CustomerOrder) } } },
    async (req, reply) => customer.ordersOf(await ownerOf(req, reply)),
  )
  app.get(
    '/api/canva-links',
    { schema: { response: { 200: z.array(CanvaLinkView) } } },
    async (req, reply) => customer.canvaLinksOf(await ownerOf(req, reply)),
  )
}
