/** 'Favoritos': the products an account hearted (a guest's stay in her browser until login). */
import { z } from 'zod'
import { CatalogCard } from './catalog.js'
import { MAX_DB_INT } from './limits.js'

/** A guest's browser list sent at login: more than this is not a list a person made by hand. */
export const FAVORITES_MERGE_MAX = 200

const productId = z.coerce
  .number({ error: 'Produto não encontrado' })
  .int({ error: 'Produto não encontrado' })
  .positive({ error: 'Produto não encontrado' })
  .max(MAX_DB_INT, { error: 'Produto não encontrado' })

/** PUT and DELETE /api/favorites/:productId. */
export const FavoriteParams = z.object({ productId })

/** POST /api/favorites/merge: the browser's list, merged into the account's at login. */
export const FavoritesMergeBody = z.object({
  productIds: z
    .array(productId)
    .max(FAVORITES_MERGE_MAX, { error: `No máximo ${FAVORITES_MERGE_MAX} favoritos de uma vez` }),
})
export type FavoritesMergeBody = z.infer<typeof FavoritesMergeBody>

/** GET /api/favorites: the account's hearted products on sale, newest heart first, as cards. */
export const FavoriteItem = CatalogCard.extend({ productId: z.number().int() })
export type FavoriteItem = z.infer<typeof FavoriteItem>
export const FavoriteList = z.array(FavoriteItem)
export type FavoriteList = z.infer<typeof FavoriteList>

/** PUT, DELETE and merge answer the account's product ids, so the hearts redraw from them. */
export const FavoriteIds = z.object({ productIds: z.array(z.number().int()) })
export type FavoriteIds = z.infer<typeof FavoriteIds>

/** A revoked, mistyped or made-up shared link: the same words for all. */
export const SHARED_LIST_GONE = 'Esta lista não está mais compartilhada'

/**
 * GET, POST and DELETE /api/favorites/share: the account's public link to her list (null when
 * she does not share it). The address carries a random token only.
 */
export const FavoriteShare = z.object({ url: z.string().nullable() })
export type FavoriteShare = z.infer<typeof FavoriteShare>

/** GET /api/favorites/shared/:token, the public list. A token is 22 base64url letters. */
export const SharedListParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: SHARED_LIST_GONE }),
})
export const SharedFavorites = z.object({ items: FavoriteList })
export type SharedFavorites = z.infer<typeof SharedFavorites>

/** The sales dashboard's 'Mais favoritados' (GET /api/admin/analytics/sales answers it). */
export const MostFavorited = z.array(
  z.object({
    productId: z.number().int(),
    name: z.string(),
    favoritedBy: z.number().int(),
    /** Hearts given since the period's first day. */
    sincePeriodStart: z.number().int(),
  }),
)
export type MostFavorited = z.infer<typeof MostFavorited>

/** The public page of a shared list. */
export const sharedListPath = (token: string) => `/lista/${token}`
