import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { clearGuestFavorites, guestFavorites } from '../../lib/guest-favorites'
import { useHydrated } from '../../lib/use-hydrated'
import { useCurrentUser } from '../auth/auth.api'
import { favoriteIdsQuery, favoriteKeys, mergeFavorites } from './favorites.api'

/** One merge at a time, however many times the effect runs while it is on its way. */
let merging: Promise<void> | null = null

/**
 * Once someone is logged in (whichever way: login, sign-up, a reload), the hearts this browser
 * kept as a guest go to her account and leave the browser. Kept only when the server refused:
 * they are sent again at the next page.
 */
export function FavoritesSync() {
  const hydrated = useHydrated()
  const { user } = useCurrentUser()
  const queryClient = useQueryClient()
  const userId = user?.id
  useEffect(() => {
    if (!hydrated || !userId || merging) return
    const productIds = [...guestFavorites()]
    if (productIds.length === 0) return
    merging = mergeFavorites(productIds)
      .then((answer) => {
        clearGuestFavorites()
        queryClient.setQueryData(favoriteIdsQuery().queryKey, answer.productIds)
        void queryClient.invalidateQueries({ queryKey: favoriteKeys.list() })
      })
      .catch((error: unknown) => console.warn('Favoritos não enviados à conta', error))
      .finally(() => {
        merging = null
      })
  }, [hydrated, userId, queryClient])
  return null
}
