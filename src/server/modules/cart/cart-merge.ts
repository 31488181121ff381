import { sql } from 'drizzle-orm'
import { CART_SESSION_PATTERN, MAX_CART_QUANTITY } from '../../../contracts/cart.js'
import type { Db } from '../../db/client.js'
import { cartKey } from '../../http/cart-session.js'

/**
 * Moves a guest's cart (the rows of `sessionId`) into `userId`'s cart at login: a product
 * already there gets the guest's quantity added, anything else becomes the user's. One
 * statement: the DELETE locks the guest rows, so two logins at once from the same browser
 * merge once (the second finds nothing left to move).
 */
export async function mergeGuestCart(db: Db, sessionId: string, userId: string): Promise<void> {
  // Only a guest id can be merged; this also keeps `user:` keys out of reach.
  if (!CART_SESSION_PATTERN.test(sessionId)) return
  const userKey = cartKey({ sessionId, userId })
  await db.execute(sql`
    WITH moved AS (
      DELETE FROM cart_items WHERE session_id = ${sessionId} RETURNING product_id, quantity
    )
    INSERT INTO cart_items (session_id, user_id, product_id, quantity)
    SELECT ${userKey}, ${userId}::uuid, product_id, quantity FROM moved
    ON CONFLICT (session_id, product_id) DO UPDATE
    SET quantity = LEAST(cart_items.quantity + excluded.quantity, ${MAX_CART_QUANTITY})`)
}
