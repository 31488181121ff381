import { z } from 'zod'
import { MAX_CART_QUANTITY } from './limits.js'

/**
 * A cart session id as the server accepts it: `cart_` and 16 to 100 URL-safe characters. Any
 * other value (or none) makes the server issue a fresh random id in the X-Session-ID header.
 */
export const CART_SESSION_PATTERN = /^cart_[A-Za-z0-9_-]{16,100}$/
export const SESSION_HEADER = 'x-session-id'

export { MAX_CART_QUANTITY }

const productId = z.coerce
  .number({ error: 'ID do produto inválido' })
  .int({ error: 'ID do produto inválido' })
  .positive({ error: 'ID do produto inválido' })
  .max(2_147_483_647, { error: 'ID do produto inválido' })

const quantity = z.coerce
  .number({ error: 'Quantidade inválida' })
  .int({ error: 'Quantidade inválida' })
  .max(MAX_CART_QUANTITY, { error: `Quantidade máxima: ${MAX_CART_QUANTITY}` })

/**
 * POST /api/cart. `forceAdd` + `timestamp` come from the emergency fallback (SPEC.md section 7):
 * a retry carrying the same timestamp adds nothing more.
 */
export const AddToCartBody = z.object({
  productId,
  quantity: quantity.min(1, { error: 'Quantidade inválida' }).default(1),
  forceAdd: z.boolean().optional(),
  timestamp: z.union([z.number(), z.string().max(40)]).optional(),
})
export type AddToCartBody = z.infer<typeof AddToCartBody>

/** PUT /api/cart/:id. A quantity below 1 removes the item. */
export const UpdateCartItemBody = z.object({
  quantity: quantity.min(-1_000_000, { error: 'Quantidade inválida' }),
})
export type UpdateCartItemBody = z.infer<typeof UpdateCartItemBody>

export const CartItemParams = z.object({
  id: z.coerce
    .number({ error: 'Item inválido' })
    .int({ error: 'Item inválido' })
    .positive({ error: 'Item inválido' })
    .max(2_147_483_647, { error: 'Item inválido' }),
})

/** The product as a cart line shows it; price is the current catalogue price ("19.90"). */
export const CartProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.string(),
  category: z.string(),
  description: z.string(),
  imageUrl: z.string(),
})
export type CartProduct = z.infer<typeof CartProduct>

/** One line of GET /api/cart (SPEC.md section 3). */
export const CartItem = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  quantity: z.number().int(),
  sessionId: z.string(),
  userId: z.string().nullable(),
  createdAt: z.string(),
  product: CartProduct,
})
export type CartItem = z.infer<typeof CartItem>

/** PUT /api/cart/:id answers the line, or this when the quantity removed it. */
export const CartItemRemoved = z.object({ id: z.number().int(), deleted: z.literal(true) })
export type CartItemRemoved = z.infer<typeof CartItemRemoved>

export const CartUpdateAnswer = z.union([CartItem, CartItemRemoved])
export type CartUpdateAnswer = z.infer<typeof CartUpdateAnswer>

/** DELETE /api/cart/:id and DELETE /api/cart. */
export const CartRemoveAnswer = z.object({ success: z.literal(true), removed: z.number().int() })
export type CartRemoveAnswer = z.infer<typeof CartRemoveAnswer>
