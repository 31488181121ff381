import { defineModule } from '../../kernel/module.js'
import { accountsRoutes } from './accounts.routes.js'
import { createAccountsService, type AccountsService } from './accounts.service.js'
import {
  createEmailVerificationService,
  type EmailVerificationService,
} from './email-verification.service.js'
import { createLoginService, type LoginService } from './login.service.js'
import { createPasswordResetService, type PasswordResetService } from './password-reset.service.js'
import { RedisSessionStore } from './redis-session-store.js'
import { DbSessionStore } from './session-store.js'
import { createSessionService, type SessionService } from './sessions.service.js'
import { createUserAdmin, type UserAdmin } from './user-admin.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    accounts: AccountsService
    sessions: SessionService
    login: LoginService
    /** Accounts prove their e-mail with a code (decision 026). */
    emailVerification: EmailVerificationService
    passwordReset: PasswordResetService
    userAdmin: UserAdmin
  }
}

/** Accounts, their sessions (in the database or Redis), login, e-mail proof and password reset. */
export const accountsModule = defineModule({
  name: 'accounts',
  needs: ['limiter', 'messaging', 'cart', 'orders'],
  provides: ['accounts', 'sessions', 'login', 'emailVerification', 'passwordReset', 'userAdmin'],
  build: ({ db, redis, log, deps }, { limiter, messaging, cart, orders }) => {
    const accounts = createAccountsService(db)
    const sessions = createSessionService(
      db,
      redis ? new RedisSessionStore(redis) : new DbSessionStore(db),
    )
    return {
      accounts,
      sessions,
      login: createLoginService(accounts, limiter, cart.mergeGuestCart, orders.claimGuestOrders),
      // Verifying an e-mail proves the inbox: every guest order of that e-mail joins the account.
      emailVerification: createEmailVerificationService({
        db,
        limiter,
        mail: messaging.mail,
        joinGuestOrders: ({ userId, email }) =>
          orders.claimGuestOrders({ userId, email, whatsapp: '', emailVerified: true }),
        now: deps.now,
      }),
      passwordReset: createPasswordResetService({
        db,
        limiter,
        mail: messaging.mail,
        endSessions: sessions.endAllFor,
        log,
        now: deps.now,
      }),
      userAdmin: createUserAdmin(db),
    }
  },
  routes: accountsRoutes,
  close: ({ passwordReset }) => passwordReset.drain(),
})
