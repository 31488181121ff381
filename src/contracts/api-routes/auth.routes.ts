import type {
  AdminLoginBody,
  ForgotPasswordAnswer,
  ForgotPasswordBody,
  LoginAnswer,
  LoginBody,
  RegisterAnswer,
  RegisterBody,
  ResendVerificationAnswer,
  ResetPasswordAnswer,
  ResetPasswordBody,
  VerifyEmailAnswer,
  VerifyEmailBody,
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
// The account's e-mail, proved by the code e-mailed at sign-up (decision 026).
export const verifyEmail = route<typeof VerifyEmailAnswer, typeof VerifyEmailBody>()(
  'POST',
  '/api/auth/verify-email',
)
export const resendVerification = route<typeof ResendVerificationAnswer>()(
  'POST',
  '/api/auth/verify-email/resend',
)
