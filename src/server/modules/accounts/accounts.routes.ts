import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  AdminLoginBody,
  CurrentUserAnswer,
  ForgotPasswordAnswer,
  ForgotPasswordBody,
  LoginAnswer,
  LoginBody,
  LogoutAnswer,
  RegisterAnswer,
  RegisterBody,
  ResendVerificationAnswer,
  ResetPasswordAnswer,
  ResetPasswordBody,
  VerifyEmailAnswer,
  VerifyEmailBody,
} from '../../../contracts/accounts.js'
import { CART_SESSION_PATTERN, SESSION_HEADER } from '../../../contracts/cart.js'
import type { App } from '../../app-types.js'
import { toSessionUser } from './accounts.service.js'
import { landingOf } from './login.service.js'
import { requireUser } from './sessions.service.js'

/** The anonymous cart the browser holds (SPEC.md section 1), to merge at login. */
function cartSessionOf(req: FastifyRequest): string | undefined {
  const header = req.headers[SESSION_HEADER]
  return typeof header === 'string' && CART_SESSION_PATTERN.test(header) ? header : undefined
}

export function accountsRoutes(app: App) {
  const { sessions, login, passwordReset, emailVerification } = app.services

  /** A fresh session for `user` (the old cookie's session is destroyed), and where to go. */
  async function loggedIn(
    req: FastifyRequest,
    reply: FastifyReply,
    user: Parameters<typeof toSessionUser>[0],
  ): Promise<LoginAnswer> {
    await sessions.start(req, reply, user.id)
    return { user: toSessionUser(user), redirectTo: landingOf(user) }
  }

  app.post(
    '/api/auth/register',
    { schema: { body: RegisterBody, response: { 201: RegisterAnswer } } },
    async (req, reply) => {
      const user = await login.register(req.body, req.ip)
      // The box ticked: recorded with where, and confirmed by e-mail before any newsletter.
      if (req.body.newsletter === true) {
        await app.services.newsletter
          .consent(user.email, 'signup')
          .catch((err: unknown) => req.log.error({ err }, 'newsletter consent not written'))
      }
      // The account works at once for what it does; its e-mail is proved by this code. The
      // account exists now: a code that failed to go out is asked again with 'Reenviar código'.
      await emailVerification
        .sendFirst(user.id)
        .catch((err: unknown) => req.log.error({ err }, 'verification code not written'))
      return reply.code(201).send({ user: toSessionUser(user) })
    },
  )

  app.post(
    '/api/auth/simple-login',
    { schema: { body: LoginBody, response: { 200: LoginAnswer } } },
    async (req, reply) => {
      const attempt = { ...req.body, ip: req.ip, cartSessionId: cartSessionOf(req) }
      return loggedIn(req, reply, await login.login(attempt))
    },
  )

  app.post(
    '/api/admin/login',
    { schema: { body: AdminLoginBody, response: { 200: LoginAnswer } } },
    async (req, reply) => {
      const { username, password } = req.body
      const attempt = { email: username, password, ip: req.ip, cartSessionId: cartSessionOf(req) }
      return loggedIn(req, reply, await login.adminLogin(attempt))
    },
  )

  app.post(
    '/api/auth/forgot-password',
    { schema: { body: ForgotPasswordBody, response: { 200: ForgotPasswordAnswer } } },
    (req) => passwordReset.request(req.body.email, req.ip),
  )

  app.post(
    '/api/auth/reset-password',
    { schema: { body: ResetPasswordBody, response: { 200: ResetPasswordAnswer } } },
    (req) => passwordReset.reset(req.body.token, req.body.password),
  )

  app.get(
    '/api/auth/user',
    { schema: { response: { 200: CurrentUserAnswer } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      const user = await sessions.userOf(req)
      return user ? { user: toSessionUser(user), isAuthenticated: true as const } : null
    },
  )

  // Decision 026: the code e-mailed at sign-up proves the account holds its e-mail.
  app.post(
    '/api/auth/verify-email',
    { schema: { body: VerifyEmailBody, response: { 200: VerifyEmailAnswer } } },
    async (req) => {
      const { userId } = requireUser(await sessions.viewerOf(req))
      return emailVerification.verify(userId, req.body.code, req.ip)
    },
  )

  app.post(
    '/api/auth/verify-email/resend',
    { schema: { response: { 200: ResendVerificationAnswer } } },
    async (req) => {
      const { userId } = requireUser(await sessions.viewerOf(req))
      return emailVerification.resend(userId, req.ip)
    },
  )

  app.post('/api/logout', { schema: { response: { 200: LogoutAnswer } } }, async (req, reply) => {
    await sessions.end(req, reply)
    return { success: true as const }
  })
}
