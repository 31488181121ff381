import { defineModule } from '../../kernel/module.js'
import { startPrivacyJobs } from './privacy.jobs.js'
import { privacyRoutes } from './privacy.routes.js'
import { createPrivacyService, type PrivacyService } from './privacy.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** LGPD: a person's data exported or erased across every module that keeps some. */
    privacy: PrivacyService
  }
}

export const privacyModule = defineModule({
  name: 'privacy',
  needs: [
    'accounts',
    'login',
    'sessions',
    'orders',
    'purchases',
    'canvaLinks',
    'stamping',
    'messaging',
    'coupons',
    'refunds',
    'guestAccess',
    'newsletter',
    'contact',
    'reviews',
    'abandoned',
    'subscriptions',
    'favorites',
  ],
  provides: ['privacy'],
  build: ({ db, deps }, services) => ({
    privacy: createPrivacyService({ db, ...services, now: deps.now }),
  }),
  routes: privacyRoutes,
  jobs: startPrivacyJobs,
})
