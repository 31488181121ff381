import type {
  FavoriteIds,
  FavoriteList,
  FavoriteShare,
  FavoritesMergeBody,
  SharedFavorites,
} from '../favorites'
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
/** 'Compartilhar lista': her public link (GET: the current one; POST: made; DELETE: stopped). */
export const favoritesShare = route<typeof FavoriteShare>()('GET', '/api/favorites/share')
export const shareFavorites = route<typeof FavoriteShare>()('POST', '/api/favorites/share')
export const unshareFavorites = route<typeof FavoriteShare>()('DELETE', '/api/favorites/share')
/** The public list behind a shared link. */
export const sharedFavorites = route<typeof SharedFavorites>()(
  'GET',
  '/api/favorites/shared/:token',
)
