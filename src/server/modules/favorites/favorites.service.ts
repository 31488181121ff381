import { randomBytes } from 'node:crypto'
import { and, count, desc, eq, gte, inArray } from 'drizzle-orm'
import type {
  FavoriteIds,
  FavoriteList,
  MostFavorited,
  SharedFavorites,
} from '../../../contracts/favorites.js'
import { SHARED_LIST_GONE } from '../../../contracts/favorites.js'
import { decimalToCents } from '../../../contracts/money.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { CatalogService } from '../catalog/catalog.service.js'
import { favoriteCouponNotices, favoriteShares, favorites } from './favorites.tables.js'

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

  async function sharedToken(userId: string): Promise<string | null> {
    const [row] = await db
      .select({ token: favoriteShares.token })
      .from(favoriteShares)
      .where(eq(favoriteShares.userId, userId))
    return row?.token ?? null
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
      const product = await catalog.getActive(productId)
      await db
        .insert(favorites)
        .values({ userId, productId, priceSeenCents: decimalToCents(product.price) })
        .onConflictDoNothing()
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
          .values(
            known.map((card) => ({
              userId,
              productId: card.id,
              priceSeenCents: decimalToCents(card.price),
            })),
          )
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
      async sharingOf(userId: string) {
        const [[share], told] = await Promise.all([
          db
            .select({ createdAt: favoriteShares.createdAt })
            .from(favoriteShares)
            .where(eq(favoriteShares.userId, userId)),
          db
            .select()
            .from(favoriteCouponNotices)
            .where(eq(favoriteCouponNotices.userId, userId))
            .orderBy(favoriteCouponNotices.createdAt),
        ])
        return {
          sharedSince: share?.createdAt.toISOString() ?? null,
          couponsTold: told.map((t) => ({ couponId: t.couponId, at: t.createdAt.toISOString() })),
        }
      },
      async erase(tx: Db, userId: string): Promise<void> {
        await tx.delete(favorites).where(eq(favorites.userId, userId))
        await tx.delete(favoriteShares).where(eq(favoriteShares.userId, userId))
        await tx.delete(favoriteCouponNotices).where(eq(favoriteCouponNotices.userId, userId))
      },
    },

    /**
     * 'Compartilhar lista': the account's public link, made at the first ask and the same at
     * every ask after (fifty at once included) until she revokes it. Answers its token.
     */
    async share(userId: string): Promise<string> {
      const token = randomBytes(16).toString('base64url')
      await db.insert(favoriteShares).values({ userId, token }).onConflictDoNothing()
      return (await sharedToken(userId))!
    },

    /** The account's link's token, if she shares her list now. */
    sharedToken,

    /** 'Parar de compartilhar': the link stops answering at once; a new share makes another. */
    async unshare(userId: string): Promise<void> {
      await db.delete(favoriteShares).where(eq(favoriteShares.userId, userId))
    },

    /**
     * The list behind a public link: the products on sale only, as cards, and nothing of the
     * account (no name, no e-mail, not even its id). 404 for a revoked or made-up token.
     */
    async shared(token: string): Promise<SharedFavorites> {
      const [row] = await db
        .select({ userId: favoriteShares.userId })
        .from(favoriteShares)
        .where(eq(favoriteShares.token, token))
      if (!row) throw new AppError('not_found', SHARED_LIST_GONE)
      const cards = await catalog.cardsOf(await idsOf(row.userId))
      return { items: cards.map((card) => ({ productId: card.id, ...card })) }
    },

    /**
     * The sales dashboard's 'Mais favoritados': the products on sale most hearted, with the
     * hearts given since `since`.
     */
    async mostFavorited(since: Date, limit = 10): Promise<MostFavorited> {
      const [totals, recent] = await Promise.all([
        db
          .select({ productId: favorites.productId, n: count() })
          .from(favorites)
          .groupBy(favorites.productId)
          .orderBy(desc(count()), favorites.productId),
        db
          .select({ productId: favorites.productId, n: count() })
          .from(favorites)
          .where(gte(favorites.createdAt, since))
          .groupBy(favorites.productId),
      ])
      const cards = new Map(
        (await catalog.cardsOf(totals.map((t) => t.productId))).map((c) => [c.id, c]),
      )
      const recentOf = new Map(recent.map((r) => [r.productId, Number(r.n)]))
      return totals
        .filter((t) => cards.has(t.productId))
        .slice(0, limit)
        .map((t) => ({
          productId: t.productId,
          name: cards.get(t.productId)!.name,
          favoritedBy: Number(t.n),
          sincePeriodStart: recentOf.get(t.productId) ?? 0,
        }))
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
