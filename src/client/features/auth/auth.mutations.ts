import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type {
  AdminLoginBody,
  LoginAnswer,
  LoginBody,
  RegisterBody,
  SessionUser,
} from '../../../contracts/accounts'
import { apiJson } from '../../lib/api'
import { cartQuery } from '../cart/cart.queries'
import { currentUserQuery } from './auth.queries'

// Query keys start with their URL; these belong to whoever is logged in.
const PRIVATE_URLS = ['/api/user/', '/api/canva-links']

/** A login changes who is asking: the header, the cart (the guest one was merged) and any data. */
function signedIn(queryClient: QueryClient, answer: LoginAnswer) {
  queryClient.removeQueries({
    predicate: ({ queryKey }) => PRIVATE_URLS.some((url) => String(queryKey[0]).startsWith(url)),
  })
  queryClient.setQueryData(currentUserQuery().queryKey, answer.user)
  void queryClient.invalidateQueries({ queryKey: cartQuery().queryKey })
}

export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: LoginBody) =>
      apiJson<LoginAnswer>('/api/auth/simple-login', { method: 'POST', body }),
    onSuccess: (answer) => signedIn(queryClient, answer),
  })
}

export function useAdminLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AdminLoginBody) =>
      apiJson<LoginAnswer>('/api/admin/login', { method: 'POST', body }),
    onSuccess: (answer) => signedIn(queryClient, answer),
  })
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) =>
      apiJson<{ user: SessionUser }>('/api/auth/register', { method: 'POST', body }),
  })
}
