import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import {
  MAX_CART_QUANTITY,
  type CartItem,
  type CartItemRemoved,
  type CartRemoveAnswer,
} from '../../../contracts/cart.js'
import type { Product } from '../../../contracts/products.js'
import type { Db } from '../../db/client.js'
import { cartItems } from './cart.tables.js'
import { AppError } from '../../errors.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import { mergeGuestCart } from './cart-merge.js'
import { cartKey, type CartOwner } from '../../http/cart-session.js'

type CartRow = typeof cartItems.$inferSelect

/** What paying an order tells the cart: whose carts it came from and what it bought. */
export interface PaidCartOrder {
  sessionId: string | null
  userId: string | null
}

const itemNotFound = () => new AppError('not_found', 'Item não encontrado no carrinho')

function toCartItem(row: CartRow, product: Product): CartItem {
  return {
    id: row.id,
    productId: row.productId,
    quantity: row.quantity,
    sessionId: row.sessionId,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    product: {
      id: product.id,
      name: product.name,
      price: product.price,
      category: product.category,
      description: product.description,
      imageUrl: product.imageUrl,
    },
  }
}

export function createCartService(db: Db, catalog: CatalogService) {
  /** A product that may go into a cart: active, and not free (free ones download directly). */
  async function buyable(productId: number): Promise<Product> {
    const product = await catalog.getActive(productId)
    if (product.isFree) {
      throw new AppError('bad_request', 'Material gratuito: baixe direto na página do produto')
    }
    return product
  }

  async function rows(owner: CartOwner): Promise<CartRow[]> {
    return db
      .select()
      .from(cartItems)
      .where(eq(cartItems.sessionId, cartKey(owner)))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
  }

  /** The cart's lines; products no longer on sale are left out (and cannot be bought). */
  async function list(owner: CartOwner): Promise<CartItem[]> {
    const found = await Promise.all(
      (await rows(owner)).map(async (row) => {
        const product = await catalog.getActive(row.productId).catch(() => null)
        return product && toCartItem(row, product)
      }),
    )
    return found.filter((item) => item !== null)
  }

  return {
    list,

    /**
     * The orders module's effects (orders.service.ts `OrderEffects`): what an order paid for
     * leaves the cart of the session and of the account that placed it, in the paying
     * transaction, so no screen invites the buyer to pay for it again.
     */
    orderEffects: {
      preparePaid:
        async () => async (tx: Db, order: PaidCartOrder, lines: { productId: number | null }[]) => {
          const keys = [
            order.sessionId,
            order.userId && cartKey({ sessionId: '', userId: order.userId }),
          ]
          const carts = keys.filter((key): key is string => Boolean(key))
          if (carts.length === 0 || lines.length === 0) return
          await tx
            .delete(cartItems)
            .where(
              and(
                inArray(cartItems.sessionId, carts),
                inArray(cartItems.productId, [
                  ...new Set(lines.flatMap((l) => (l.productId === null ? [] : [l.productId]))),
                ]),
              ),
            )
        },
      closed: async () => {},
    },

    /** productId and quantity of each line still on sale, for checkout. */
    async lines(owner: CartOwner): Promise<{ productId: number; quantity: number }[]> {
      return (await list(owner)).map((i) => ({ productId: i.productId, quantity: i.quantity }))
    },

    /**
     * Adds to the line of that product (quantities summed, capped). `addKey` marks an emergency
     * retry: the same key arriving again finds it stored and leaves the quantity as it is.
     */
    async add(
      owner: CartOwner,
      input: { productId: number; quantity: number; addKey?: string | null },
    ): Promise<CartItem> {
      const product = await buyable(input.productId)
      const addKey = input.addKey ?? null
      const [row] = await db
        .insert(cartItems)
        .values({
          sessionId: cartKey(owner),
          userId: owner.userId,
          productId: product.id,
          quantity: input.quantity,
          lastAddKey: addKey,
        })
        .onConflictDoUpdate({
          target: [cartItems.sessionId, cartItems.productId],
          set: {
            quantity: sql`CASE WHEN excluded.last_add_key IS NOT NULL
              AND ${cartItems.lastAddKey} = excluded.last_add_key THEN ${cartItems.quantity}
              ELSE LEAST(${cartItems.quantity} + excluded.quantity, ${MAX_CART_QUANTITY}) END`,
            lastAddKey: sql`COALESCE(excluded.last_add_key, ${cartItems.lastAddKey})`,
          },
        })
        .returning()
      return toCartItem(row!, product)
    },

    /** Sets a line's quantity; below 1 removes it. Another cart's line is "not found". */
    async update(
      owner: CartOwner,
      id: number,
      quantity: number,
    ): Promise<CartItem | CartItemRemoved> {
      const mine = and(eq(cartItems.id, id), eq(cartItems.sessionId, cartKey(owner)))
      if (quantity < 1) {
        const [gone] = await db.delete(cartItems).where(mine).returning({ id: cartItems.id })
        if (!gone) throw itemNotFound()
        return { id, deleted: true }
      }
      const [row] = await db.update(cartItems).set({ quantity }).where(mine).returning()
      if (!row) throw itemNotFound()
      return toCartItem(row, await catalog.getActive(row.productId))
    },

    async remove(owner: CartOwner, id: number): Promise<CartRemoveAnswer> {
      const gone = await db
        .delete(cartItems)
        .where(and(eq(cartItems.id, id), eq(cartItems.sessionId, cartKey(owner))))
        .returning({ id: cartItems.id })
      if (gone.length === 0) throw itemNotFound()
      return { success: true, removed: 1 }
    },

    async clear(owner: CartOwner): Promise<CartRemoveAnswer> {
      const gone = await db
        .delete(cartItems)
        .where(eq(cartItems.sessionId, cartKey(owner)))
        .returning({ id: cartItems.id })
      return { success: true, removed: gone.length }
    },

    /** At login: the guest cart joins the user's (see cart-merge.ts). */
    mergeGuestCart: (sessionId: string, userId: string) => mergeGuestCart(db, sessionId, userId),
  }
}

export type CartService = ReturnType<typeof createCartService>
