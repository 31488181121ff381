import { queryOptions } from '@tanstack/react-query'
import * as favoriteRoutes from '../../../contracts/api-routes/favorites.routes'
import { call } from '../../lib/api'

export const favoriteKeys = {
  all: ['favorites'] as const,
  ids: () => [...favoriteKeys.all, 'ids'] as const,
  list: () => [...favoriteKeys.all, 'list'] as const,
}

/** The account's hearted ids (every heart on a page reads this one answer). */
export const favoriteIdsQuery = () =>
  queryOptions({
    queryKey: favoriteKeys.ids(),
    queryFn: async ({ signal }) => (await call(favoriteRoutes.favoriteIds, { signal })).productIds,
  })

/** The account's 'Favoritos' as cards (the /favoritos page). */
export const favoritesListQuery = () =>
  queryOptions({
    queryKey: favoriteKeys.list(),
    queryFn: ({ signal }) => call(favoriteRoutes.favoritesList, { signal }),
  })

/** Hearts (`on`) or un-hearts a product for the account; answers its ids on sale. */
export const setFavorite = (productId: number, on: boolean) =>
  call(on ? favoriteRoutes.addFavorite : favoriteRoutes.removeFavorite, { params: { productId } })

/** A guest's browser list, sent to the account at login. */
export const mergeFavorites = (productIds: number[]) =>
  call(favoriteRoutes.mergeFavorites, { body: { productIds } })

/** The account's public link to her list, or null while she does not share it. */
export const favoriteShareQuery = () =>
  queryOptions({
    queryKey: [...favoriteKeys.all, 'share'] as const,
    queryFn: async ({ signal }) => (await call(favoriteRoutes.favoritesShare, { signal })).url,
  })

/** 'Compartilhar lista' (`on`) or 'Parar de compartilhar'; answers the link, or null. */
export const setSharing = async (on: boolean) =>
  (await call(on ? favoriteRoutes.shareFavorites : favoriteRoutes.unshareFavorites)).url

/** The list behind a shared link (anyone with the link). */
export const sharedListQuery = (token: string) =>
  queryOptions({
    queryKey: [...favoriteKeys.all, 'shared', token] as const,
    queryFn: ({ signal }) => call(favoriteRoutes.sharedFavorites, { params: { token }, signal }),
    retry: false,
  })
