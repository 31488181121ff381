import { z } from 'zod'
import { personName } from './person-name.js'

export const PASSWORD_MIN = 6

export const WHATSAPP_INVALID = 'WhatsApp inválido: informe DDD e número, como (11) 98765-4321'

/**
 * A buyer's WhatsApp as typed: required, and 10 to 15 digits (area code and number, country
 * code optional), so "12" never becomes the number the store writes to.
 */
export const whatsappField = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(40)
    .refine((value) => /^\d{10,15}$/.test(value.replace(/\D/g, '')), { error: WHATSAPP_INVALID })

const email = z
  .string({ error: 'Email é obrigatório' })
  .trim()
  .min(1, { error: 'Email é obrigatório' })
  .pipe(z.email({ error: 'Email inválido' }))
  .transform((value) => value.toLowerCase())

const password = z
  .string({ error: 'Senha é obrigatória' })
  .min(PASSWORD_MIN, { error: 'A senha deve ter pelo menos 6 caracteres' })
  .max(200)

/** POST /api/auth/register (SPEC.md section 7); the screen also checks the confirmation. */
export const RegisterBody = z.object({
  firstName: personName({ missing: 'Nome é obrigatório', tooLong: 'Nome muito longo' }),
  lastName: personName({ missing: 'Sobrenome é obrigatório', tooLong: 'Sobrenome muito longo' }),
  email,
  whatsapp: whatsappField('WhatsApp é obrigatório'),
  password,
  /** 'Quero receber novidades e promoções por e-mail', ticked (absent: no consent). */
  newsletter: z.boolean().optional(),
})
export type RegisterBody = z.infer<typeof RegisterBody>

/** The sign-up screen: the same body plus the password typed twice (SPEC.md section 5). */
export const SignupForm = RegisterBody.extend({ confirmPassword: z.string() }).refine(
  (form) => form.password === form.confirmPassword,
  { error: 'As senhas não coincidem', path: ['confirmPassword'] },
)

export const LoginBody = z.object({
  email,
  password: z
    .string({ error: 'Senha é obrigatória' })
    .min(1, { error: 'Senha é obrigatória' })
    .max(200),
})
export type LoginBody = z.infer<typeof LoginBody>

export const Role = z.enum(['user', 'superadmin'])
export type Role = z.infer<typeof Role>
/** What the owner reads for each role; the stored words never reach a screen. */
export const ROLE_LABELS: Record<Role, string> = {
  user: 'Cliente',
  superadmin: 'Administrador',
}

/** The session user as GET /api/auth/user answers it. */
export const SessionUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  whatsapp: z.string(),
  role: Role,
  profileImageUrl: z.string().nullable(),
  /** Whether the account proved it holds its e-mail (decision 026). */
  emailVerified: z.boolean(),
})
export type SessionUser = z.infer<typeof SessionUser>

/** How long an account's verification code works, and how many wrong tries it takes. */
export const EMAIL_CODE_TTL_MINUTES = 30
export const EMAIL_CODE_ATTEMPTS = 5

/** POST /api/auth/verify-email: spaces in the code are forgiven (mail apps group digits). */
export const VerifyEmailBody = z.object({
  code: z
    .string({ error: 'Digite o código de 6 números.' })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { error: 'Digite o código de 6 números.' })),
})
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>

/** POST /api/auth/verify-email: verified, and how many guest orders joined the account. */
export const VerifyEmailAnswer = z.object({
  success: z.literal(true),
  emailVerified: z.literal(true),
  ordersJoined: z.number(),
  message: z.string(),
})
export type VerifyEmailAnswer = z.infer<typeof VerifyEmailAnswer>

/** POST /api/auth/verify-email/resend */
export const ResendVerificationAnswer = z.object({ success: z.literal(true), message: z.string() })
export type ResendVerificationAnswer = z.infer<typeof ResendVerificationAnswer>

const ADMIN_FIELDS_REQUIRED = 'Por favor, preencha e-mail e senha.'

/** POST /api/admin/login: `username` is the administrator's e-mail. */
export const AdminLoginBody = z.object({
  username: z
    .string({ error: ADMIN_FIELDS_REQUIRED })
    .trim()
    .min(1, { error: ADMIN_FIELDS_REQUIRED })
    .max(200),
  password: z
    .string({ error: ADMIN_FIELDS_REQUIRED })
    .min(1, { error: ADMIN_FIELDS_REQUIRED })
    .max(200),
})
export type AdminLoginBody = z.infer<typeof AdminLoginBody>

/** What both login calls answer; the screen navigates to `redirectTo`. */
export const LoginAnswer = z.object({
  user: SessionUser,
  redirectTo: z.enum(['/admin', '/dashboard']),
})
export type LoginAnswer = z.infer<typeof LoginAnswer>

/** POST /api/auth/register (201): the account made; logging in is a separate call. */
export const RegisterAnswer = z.object({ user: SessionUser })
export type RegisterAnswer = z.infer<typeof RegisterAnswer>

/**
 * GET /api/auth/user: the session user, or `null` (200) for an anonymous visitor, so asking who
 * is there is never an error in the browser's console (decision 028).
 */
export const CurrentUserAnswer = z
  .object({
    user: SessionUser,
    isAuthenticated: z.literal(true),
  })
  .nullable()
export type CurrentUserAnswer = z.infer<typeof CurrentUserAnswer>

/** POST /api/logout, also when there was no session. */
export const LogoutAnswer = z.object({ success: z.literal(true) })

/** POST /api/auth/forgot-password: the page /esqueci-senha. */
export const ForgotPasswordBody = z.object({ email })
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>

/** The one answer for every e-mail, known or not: the store never tells which has an account. */
export const FORGOT_PASSWORD_MESSAGE =
  'Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha. Confira sua caixa de entrada (e o spam). O link vale por 30 minutos.'

export const ForgotPasswordAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
})
export type ForgotPasswordAnswer = z.infer<typeof ForgotPasswordAnswer>

/** POST /api/auth/reset-password: the token of the e-mailed link and the new password. */
export const ResetPasswordBody = z.object({
  token: z
    .string({ error: 'Link de redefinição inválido' })
    .trim()
    .min(1, { error: 'Link de redefinição inválido' })
    .max(200, { error: 'Link de redefinição inválido' }),
  password,
})
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>

/** The page /redefinir-senha: the password typed twice. */
export const ResetPasswordForm = ResetPasswordBody.extend({ confirmPassword: z.string() }).refine(
  (form) => form.password === form.confirmPassword,
  { error: 'As senhas não coincidem', path: ['confirmPassword'] },
)

export const ResetPasswordAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
})
export type ResetPasswordAnswer = z.infer<typeof ResetPasswordAnswer>
