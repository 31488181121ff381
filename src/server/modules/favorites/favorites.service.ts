import { and, count, desc, eq, inArray } from 'drizzle-orm'
import type { FavoriteIds, FavoriteList } from '../../../contracts/favorites.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import { favorites } from './favorites.tables.js'

interface Deps {
  db: Db
  catalog: Pick<CatalogService, 'cardsOf' | 'getActive'>
}

/** 'Favoritos' of an account: hearts kept per product, shown only while the product is on sale. */
export function createFavoritesService({ db, catalog }: Deps) {
  /** Every product the account hearted, newest first (inactive ones too: they may come back). */
  async function idsOf(userId: string): Promise<number[]> {
    const rows = await db
      .select({ productId: favorites.productId })
      .from(favorites)
      .where(eq(favorites.userId, userId))
      .orderBy(desc(favorites.createdAt), desc(favorites.productId))
    return rows.map((r) => r.productId)
  }

  /** Hearts of products on sale only: a heart on a withdrawn product shows nowhere. */
  async function onSale(userId: string): Promise<FavoriteIds> {
    const cards = await catalog.cardsOf(await idsOf(userId))
    return { productIds: cards.map((c) => c.id) }
  }

  return {
    async list(userId: string): Promise<FavoriteList> {
      const cards = await catalog.cardsOf(await idsOf(userId))
      return cards.map((card) => ({ productId: card.id, ...card }))
    },

    ids: onSale,

    /** Idempotent: a second tap (or fifty at once) leaves the one row the first wrote. */
    async add(userId: string, productId: number): Promise<FavoriteIds> {
      // Throws 'Produto não encontrado' for unknown, inactive and deleted products alike.
      await catalog.getActive(productId)
      await db.insert(favorites).values({ userId, productId }).onConflictDoNothing()
      return onSale(userId)
    },

    async remove(userId: string, productId: number): Promise<FavoriteIds> {
      await db
        .delete(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)))
      return onSale(userId)
    },

    /** A guest's browser list at login: ids not on sale are dropped without a word. */
    async merge(userId: string, productIds: readonly number[]): Promise<FavoriteIds> {
      const known = await catalog.cardsOf([...new Set(productIds)])
      if (known.length > 0) {
        await db
          .insert(favorites)
          .values(known.map((card) => ({ userId, productId: card.id })))
          .onConflictDoNothing()
      }
      return onSale(userId)
    },

    /** LGPD (privacy.service.ts): her hearts are exported with her data and erased with it. */
    personalData: {
      async exportOf(userId: string): Promise<{ productId: number; createdAt: string }[]> {
        const rows = await db
          .select({ productId: favorites.productId, createdAt: favorites.createdAt })
          .from(favorites)
          .where(eq(favorites.userId, userId))
          .orderBy(desc(favorites.createdAt), desc(favorites.productId))
        return rows.map((r) => ({ productId: r.productId, createdAt: r.createdAt.toISOString() }))
      },
      async erase(tx: Db, userId: string): Promise<void> {
        await tx.delete(favorites).where(eq(favorites.userId, userId))
      },
    },

    /** How many accounts hearted each product (the admin's product list); absent ones: none. */
    async countsByProduct(productIds?: readonly number[]): Promise<Map<number, number>> {
      const rows = await db
        .select({ productId: favorites.productId, n: count() })
        .from(favorites)
        .where(productIds ? inArray(favorites.productId, [...productIds]) : undefined)
        .groupBy(favorites.productId)
      return new Map(rows.map((r) => [r.productId, r.n]))
    },
  }
}

export type FavoritesService = ReturnType<typeof createFavoritesService>

/** The one refusal a stranger gets, so the client can tell it from the rest. */
export const notLoggedIn = () =>
  new AppError('unauthorized', 'Entre na sua conta para salvar favoritos')
