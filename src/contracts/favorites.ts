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
