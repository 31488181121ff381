import type { FastifyReply, FastifyRequest } from 'fastify'
import type { App } from '../../app.js'
import { requireUser } from '../accounts/sessions.js'

/** The logged-in customer's own data (SPEC.md section 7); 401 for anyone else. */
export function customerRoutes(app: App) {
  const { sessions, customer } = app.services

  /** The caller's id; their data must never sit in a shared cache (a school's proxy). */
  async function ownerOf(req: FastifyRequest, reply: FastifyReply): Promise<string> {
    reply.header('cache-control', 'private, no-store')
    return requireUser(await sessions.viewerOf(req)).userId
  }

  app.get('/api/user/purchases', async (req, reply) =>
    customer.purchasesOf(await ownerOf(req, reply)),
  )
  app.get('/api/user/orders', async (req, reply) => customer.ordersOf(await ownerOf(req, reply)))
  app.get('/api/canva-links', async (req, reply) =>
    customer.canvaLinksOf(await ownerOf(req, reply)),
  )
}
