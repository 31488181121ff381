import { defineModule } from '../../kernel/module.js'
import { startNewsletterJobs } from './newsletter.jobs.js'
import { newsletterRoutes } from './newsletter.routes.js'
import { createNewsletterService, type NewsletterService } from './newsletter.service.js'

declare module '../../kernel/services.js' {
  interface Services {
    /** Opt-in newsletters (double opt-in, one-click unsubscribe) and the owner's sends. */
    newsletter: NewsletterService
  }
}

export const newsletterModule = defineModule({
  name: 'newsletter',
  needs: ['settings', 'products', 'messaging'],
  provides: ['newsletter'],
  build: ({ db, log, deps }, { settings, products, messaging }) => ({
    newsletter: createNewsletterService({ db, log, settings, products, messaging, now: deps.now }),
  }),
  routes: newsletterRoutes,
  jobs: startNewsletterJobs,
})
