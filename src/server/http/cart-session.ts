import type { FastifyReply, FastifyRequest } from 'fastify'
import { randomBytes } from 'node:crypto'
import { CART_SESSION_PATTERN, SESSION_HEADER } from '../../contracts/cart.js'
import type { SessionService } from '../modules/accounts/sessions.service.js'

/** Whose cart a request works on: the logged-in user's, else the anonymous session's. */
export interface CartOwner {
  sessionId: string
  userId: string | null
}

const issued = new WeakMap<FastifyRequest, string>()

/**
 * The request's cart session id (X-Session-ID). A missing or malformed one is replaced by a
 * fresh random id (128 bits) sent back in the same header, which the client then keeps; a
 * guessable or shared id would let one visitor read another's cart and orders.
 */
export function cartSessionOf(req: FastifyRequest, reply: FastifyReply): string {
  const header = req.headers[SESSION_HEADER]
  if (typeof header === 'string' && CART_SESSION_PATTERN.test(header)) return header
  let id = issued.get(req)
  if (!id) {
    id = `cart_${randomBytes(16).toString('base64url')}`
    issued.set(req, id)
    reply.header('X-Session-ID', id)
  }
  return id
}

export async function cartOwnerOf(
  sessions: SessionService,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<CartOwner> {
  const viewer = await sessions.viewerOf(req)
  return { sessionId: cartSessionOf(req, reply), userId: viewer.userId }
}

/** The cart_items.session_id of an owner: user carts live under `user:<id>`, never a guest id. */
export function cartKey(owner: CartOwner): string {
  return owner.userId ? `user:${owner.userId}` : owner.sessionId
}
