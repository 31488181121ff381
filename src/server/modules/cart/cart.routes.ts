import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  AddToCartBody,
  CartItem,
  CartItemParams,
  CartRemoveAnswer,
  CartUpdateAnswer,
  UpdateCartItemBody,
} from '../../../contracts/cart.js'
import type { App } from '../../app-types.js'
import { cartOwnerOf } from '../../http/cart-session.js'

/** SPEC.md section 7, cart calls; the cart is the session's, or the user's when logged in. */
export function cartRoutes(app: App) {
  const { cart, sessions } = app.services
  const ownerOf = (req: FastifyRequest, reply: FastifyReply) => {
    // Cart answers change with every call: never let a cache or proxy keep one.
    reply.header('cache-control', 'no-store')
    return cartOwnerOf(sessions, req, reply)
  }

  const listSchema = { response: { 200: z.array(CartItem) } }
  app.get('/api/cart', { schema: listSchema }, async (req, reply) =>
    cart.list(await ownerOf(req, reply)),
  )
  // The older client's recovery path: the same cart.
  app.get('/api/cart/emergency', { schema: listSchema }, async (req, reply) =>
    cart.list(await ownerOf(req, reply)),
  )

  app.post(
    '/api/cart',
    { schema: { body: AddToCartBody, response: { 200: CartItem } } },
    async (req, reply) => {
      const { productId, quantity, forceAdd, timestamp } = req.body
      const emergency = forceAdd === true || req.headers['x-emergency-add'] === 'true'
      const addKey = emergency && timestamp !== undefined ? `emergency:${timestamp}` : null
      return cart.add(await ownerOf(req, reply), { productId, quantity, addKey })
    },
  )

  app.put(
    '/api/cart/:id',
    {
      schema: {
        params: CartItemParams,
        body: UpdateCartItemBody,
        response: { 200: CartUpdateAnswer },
      },
    },
    async (req, reply) => cart.update(await ownerOf(req, reply), req.params.id, req.body.quantity),
  )

  app.delete(
    '/api/cart/:id',
    { schema: { params: CartItemParams, response: { 200: CartRemoveAnswer } } },
    async (req, reply) => cart.remove(await ownerOf(req, reply), req.params.id),
  )

  app.delete('/api/cart', { schema: { response: { 200: CartRemoveAnswer } } }, async (req, reply) =>
    cart.clear(await ownerOf(req, reply)),
  )
}
