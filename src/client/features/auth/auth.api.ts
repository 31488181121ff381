import * as sessionRoutes from '../../../contracts/api-routes/session.routes'
import * as authRoutes from '../../../contracts/api-routes/auth.routes'
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { useSearch } from 'wouter'
import type {
  AdminLoginBody,
  ForgotPasswordBody,
  LoginAnswer,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  SessionUser,
} from '../../../contracts/accounts'
import { call, callOrNull, HttpError } from '../../lib/api'
import { sessionKeys } from '../../lib/session-keys'
import { accountKeys } from '../account/account.api'
import { cartQuery } from '../cart/cart.api'

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

/** A login changes who is asking: the header, the cart (the guest one was merged) and any data. */
function signedIn(queryClient: QueryClient, answer: LoginAnswer) {
  queryClient.removeQueries({ queryKey: accountKeys.all })
  queryClient.setQueryData(currentUserQuery().queryKey, answer.user)
  void queryClient.invalidateQueries({ queryKey: cartQuery().queryKey })
}

export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: LoginBody) => call(authRoutes.login, { body }),
    onSuccess: (answer) => signedIn(queryClient, answer),
  })
}

export function useAdminLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AdminLoginBody) => call(authRoutes.adminLogin, { body }),
    onSuccess: (answer) => signedIn(queryClient, answer),
  })
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => call(authRoutes.register, { body }),
  })
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) => call(authRoutes.forgotPassword, { body }),
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => call(authRoutes.resetPassword, { body }),
  })
}
