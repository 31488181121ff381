import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type {
  AdminLoginBody,
  ForgotPasswordBody,
  LoginAnswer,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
} from '../../../contracts/accounts'
import * as authRoutes from '../../../contracts/api-routes/auth.routes'
import { call } from '../../lib/api'
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
