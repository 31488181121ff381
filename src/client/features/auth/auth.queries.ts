import { queryOptions, useQuery } from '@tanstack/react-query'
import { useSearch } from 'wouter'
import type { SessionUser } from '../../../contracts/accounts'
import * as sessionRoutes from '../../../contracts/api-routes/session.routes'
import { HttpError, call, callOrNull } from '../../lib/api'
import { sessionKeys } from '../../lib/session-keys'

export const currentUserQuery = () =>
  queryOptions({
    queryKey: sessionKeys.user(),
    queryFn: async ({ signal }): Promise<SessionUser | null> => {
      const answer = await callOrNull(sessionRoutes.currentUser, { signal })
      return answer?.user ?? null
    },
    // A 4xx will not change on retry; waiting 3 s would only keep the header's button blank.
    retry: (failureCount, error) =>
      failureCount < 3 && !(error instanceof HttpError && error.status < 500),
  })

/** The logged-in user, or null. `?logout=force` means logged out without asking the server. */
export function useCurrentUser(): { user: SessionUser | null; isLoading: boolean } {
  const forcedOut = new URLSearchParams(useSearch()).get('logout') === 'force'
  const { data, isLoading } = useQuery({ ...currentUserQuery(), enabled: !forcedOut })
  if (forcedOut) return { user: null, isLoading: false }
  return { user: data ?? null, isLoading }
}

/** Ends the session, then reloads on the home page so no cached private data survives. */
export async function logout(): Promise<void> {
  try {
    await call(sessionRoutes.logout)
  } finally {
    window.location.assign(`/?logout=force&t=${Date.now()}`)
  }
}
