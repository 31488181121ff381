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
} from '../accounts'
import { route } from '../api-route'

// Logging in, accounts and passwords (who is asking is in session.routes.ts, for every page).
export const login = route<typeof LoginAnswer, typeof LoginBody>()('POST', '/api/auth/simple-login')
export const adminLogin = route<typeof LoginAnswer, typeof AdminLoginBody>()(
  'POST',
  '/api/admin/login',
)
export const register = route<typeof RegisterAnswer, typeof RegisterBody>()(
  'POST',
  '/api/auth/register',
)
export const forgotPassword = route<typeof ForgotPasswordAnswer, typeof ForgotPasswordBody>()(
  'POST',
  '/api/auth/forgot-password',
)
export const resetPassword = route<typeof ResetPasswordAnswer, typeof ResetPasswordBody>()(
  'POST',
  '/api/auth/reset-password',
)
