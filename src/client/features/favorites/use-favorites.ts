import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import {
  guestFavorites,
  noFavorites,
  subscribeGuestFavorites,
  toggleGuestFavorite,
} from '../../lib/guest-favorites'
import { useHydrated } from '../../lib/use-hydrated'
import { toast } from '../../ui/toast-store'
import { useCurrentUser } from '../auth/auth.api'
import { favoriteIdsQuery, favoriteKeys, setFavorite } from './favorites.api'

const NONE: readonly number[] = []

/**
 * Whose hearts these are: the account's (on the server) once logged in, else this browser's.
 * Nobody's until the page is hydrated, so the markup React takes over is the server's (every
 * heart un-pressed) and the visitor's own show right after.
 */
export function useFavorites() {
  const hydrated = useHydrated()
  const { user, isLoading } = useCurrentUser()
  const account = hydrated && !!user
  const guest = useSyncExternalStore(subscribeGuestFavorites, guestFavorites, noFavorites)
  const { data: server } = useQuery({ ...favoriteIdsQuery(), enabled: account })
  const queryClient = useQueryClient()

  const toggle = useMutation({
    mutationFn: ({ productId, on }: { productId: number; on: boolean }) =>
      setFavorite(productId, on),
    // The heart turns at the tap; the server's answer (or a refusal's refetch) settles it.
    onMutate: ({ productId, on }) => {
      queryClient.setQueryData(favoriteIdsQuery().queryKey, (old: number[] | undefined = []) =>
        on
          ? [productId, ...old.filter((id) => id !== productId)]
          : old.filter((id) => id !== productId),
      )
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(favoriteIdsQuery().queryKey, answer.productIds)
      void queryClient.invalidateQueries({ queryKey: favoriteKeys.list() })
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: favoriteIdsQuery().queryKey })
      toast({
        title: 'Não foi possível salvar o favorito',
        description: error.message,
        variant: 'destructive',
      })
    },
  })

  const ids = !hydrated || isLoading ? NONE : account ? (server ?? NONE) : guest
  return {
    /** False until hydrated and the login is known: the hearts wait for it. */
    ready: hydrated && !isLoading,
    ids,
    has: (productId: number) => ids.includes(productId),
    toggle(productId: number) {
      if (!account) return toggleGuestFavorite(productId)
      toggle.mutate({ productId, on: !ids.includes(productId) })
    },
  }
}
