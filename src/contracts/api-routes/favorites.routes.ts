import type { FavoriteIds, FavoriteList, FavoritesMergeBody } from '../favorites'
import { route } from '../api-route'

// 'Favoritos' of a logged-in account (a guest's live in her browser: client/lib/guest-favorites).
export const favoritesList = route<typeof FavoriteList>()('GET', '/api/favorites')
/** The account's hearted ids only: what every heart on a page reads. */
export const favoriteIds = route<typeof FavoriteIds>()('GET', '/api/favorites/ids')
export const addFavorite = route<typeof FavoriteIds>()('PUT', '/api/favorites/:productId')
export const removeFavorite = route<typeof FavoriteIds>()('DELETE', '/api/favorites/:productId')
export const mergeFavorites = route<typeof FavoriteIds, typeof FavoritesMergeBody>()(
  'POST',
  '/api/favorites/merge',
)
