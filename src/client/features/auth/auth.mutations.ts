import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type {
  AdminLoginBody,
  ForgotPasswordAnswer,
  ForgotPasswordBody,
  LoginAnswer,
  LoginBody,
  RegisterAnswer,
  RegisterBody,
  ResetPasswordAnswer,
  ResetPasswordBody,
} from '../../../contracts/accounts'
import { apiJson } from '../../lib/api'
import { accountKeys } from '../account/account.queries'
import { cartQuery } from '../cart/cart.queries'
import { currentUserQuery } from './auth.queries'

/** A login changes who is asking: the header, the cart (the guest one was merged) and any data. */
function signedIn(queryClient: QueryClient, answer: LoginAnswer) {
  queryClient.removeQueries({ queryKey: accountKeys.all })
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
      apiJson<RegisterAnswer>('/api/auth/register', { method: 'POST', body }),
  })
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      apiJson<ForgotPasswordAnswer>('/api/auth/forgot-password', { method: 'POST', body }),
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) =>
      apiJson<ResetPasswordAnswer>('/api/auth/reset-password', { method: 'POST', body }),
  })
}
